import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton, useResourceContext, useTranslate } from 'react-admin';

export interface EmptyListProps {
  /** Whether the user may create a record here: the create button shows only then. */
  mayCreate?: boolean;
  /** Where the create button leads when it is not the resource's own create page. */
  createTo?: string;
  /** Other ways to fill the list (an import), beside the create button. */
  children?: ReactNode;
}

/**
 * A list with nothing in it yet (react-admin's `empty`, shown only while no filter is set): what belongs in it
 * (`empty_list.<resource>`) and, for a user who may, the button that creates the first one.
 */
export function EmptyList({ mayCreate = false, createTo, children }: EmptyListProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', mx: 'auto', my: 4, px: 2, maxWidth: 560 }}>
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" gutterBottom>
        {translate(`empty_list.${resource}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`empty_list.${resource}.text`)}
      </Typography>
      <Stack direction="row" gap={1} justifyContent="center" flexWrap="wrap" sx={{ mt: 2 }}>
        {mayCreate && <CreateButton variant="contained" to={createTo} />}
        {children}
      </Stack>
    </Box>
  );
}
