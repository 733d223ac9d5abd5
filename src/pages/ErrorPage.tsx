import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The error page: 'an unexpected error occurred', with a button back to the main page. */
export function ErrorPage({ resetErrorBoundary }: { error?: Error; resetErrorBoundary?: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Title title={translate('app.error_unexpected')} />
      <Typography variant="h4" gutterBottom>
        {translate('app.error_unexpected')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.error_unexpected_text')}
      </Typography>
      <Button variant="contained" component={Link} to="/" onClick={() => resetErrorBoundary?.()}>
        {translate('app.back_home')}
      </Button>
    </Box>
  );
}

/** 'Error 404!': the page for an address that does not exist. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Title title={translate('app.error_404')} />
      <Typography variant="h3" gutterBottom>
        {translate('app.error_404')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.error_404_text')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('app.back_home')}
      </Button>
    </Box>
  );
}

/** An address the user may not open: says so, instead of a silent trip to the main page. */
export function ForbiddenPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="forbidden">
      <Title title={translate('access_denied.title')} />
      <Typography variant="h4" gutterBottom>
        {translate('access_denied.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('access_denied.text')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('access_denied.home')}
      </Button>
    </Box>
  );
}
