import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { REPORT_DEFINITIONS } from './definitions';

/** /reports: every report as a card, each opening its own page. */
export function ReportsIndex() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('reports.title')} />
      <Typography variant="h5" sx={{ mt: 2, mb: 2 }}>
        {translate('reports.choose')}
      </Typography>
      <Grid container spacing={2}>
        {REPORT_DEFINITIONS.map((d) => (
          <Grid key={d.name} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={`/reports/${d.name}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6">{translate(`reports.names.${d.name}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`reports.hints.${d.name}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
