import type { ReactNode } from 'react';
import { Grid, Typography } from '@mui/material';

/** One labelled value of a record page's details grid; an empty value shows as a dash. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ minHeight: 24 }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Grid>
  );
}
