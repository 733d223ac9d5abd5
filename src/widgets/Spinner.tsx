import { Box, CircularProgress } from '@mui/material';

/** What a page shows while what it needs is on its way. */
export const Spinner = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
    <CircularProgress />
  </Box>
);
