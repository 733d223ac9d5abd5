import { Alert, Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A menu entry whose module is not built yet: it stays in the menu and says so. */
export function NotBuiltPage({ tag }: { tag: string }) {
  const translate = useTranslate();
  const section = translate(`menu.${tag}`);
  return (
    <Box sx={{ p: 3 }}>
      <Title title={section} />
      <Typography variant="h5" gutterBottom>
        {section}
      </Typography>
      <Alert severity="info">
        <strong>{translate('app.not_built_title')}.</strong> {translate('app.not_built_text', { section })}
      </Alert>
    </Box>
  );
}
