import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useCurrentUser } from '../layout/useCurrentUser';

export function HomePage() {
  const translate = useTranslate();
  const user = useCurrentUser();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.home_title')} />
      <CardContent>
        <Typography variant="h5" gutterBottom data-testid="welcome">
          {translate('app.home_welcome', { name: user?.full_name ?? '' })}
        </Typography>
        <Typography color="text.secondary">{translate('app.home_text')}</Typography>
      </CardContent>
    </Card>
  );
}
