import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useCurrentUser } from '../layout/useCurrentUser';
import { lazy, Suspense } from 'react';
import { canOpen } from '../../domain/menu';
import { clientConfig } from '../providers/config';

/** The dashboard's cards, loaded only for a user who may read reports. */
const HomeDashboard = lazy(() => import('./reports/HomeDashboard').then((m) => ({ default: m.HomeDashboard })));

export function HomePage() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const reports = !!user && canOpen('/reports', { permissions: user.permissions, flags: clientConfig().flags });
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('app.home_title')} />
        <CardContent>
          <Typography variant="h5" gutterBottom>
            {translate('app.home_welcome', { name: user?.full_name ?? '' })}
          </Typography>
          <Typography color="text.secondary">{translate('app.home_text')}</Typography>
        </CardContent>
      </Card>
      {reports && (
        <Suspense fallback={null}>
          <HomeDashboard />
        </Suspense>
      )}
    </>
  );
}
