import { useId, type ReactNode } from 'react';
import { Grid, Typography } from '@mui/material';

/**
 * One labelled value of a record page's details grid; an empty value shows as a dash. A group named by its label, the
 * label a term and the value its definition.
 */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Grid size={{ xs: 6, sm: 4, md: 3 }} role="group" aria-labelledby={labelId}>
      <Typography variant="caption" color="text.secondary" component="div" role="term" id={labelId}>
        {label}
      </Typography>
      <Typography variant="body1" component="div" role="definition" sx={{ minHeight: 24 }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Grid>
  );
}
