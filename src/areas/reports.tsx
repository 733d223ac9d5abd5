import { lazy } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import type { AreaScreens } from './types';

const ReportsIndex = lazy(() => import('../pages/reports/ReportsIndex').then((m) => ({ default: m.ReportsIndex })));
const StatisticsPage = lazy(() =>
  import('../pages/reports/StatisticsPage').then((m) => ({ default: m.StatisticsPage })),
);
const ReportPage = lazy(() => import('../pages/reports/ReportPage').then((m) => ({ default: m.ReportPage })));

/**
 * The reports area's screens:
 * /reports (every report), /reports/:name (one report) and /statistics (charts, loaded on demand), under view_reports.
 */
export const reportsArea: AreaScreens = {
  resources: [],
  routes: [
    {
      path: '/reports',
      element: (
        <RequireAccess path="/reports">
          <ReportsIndex />
        </RequireAccess>
      ),
    },
    {
      path: '/reports/:name',
      element: (
        <RequireAccess path="/reports">
          <ReportPage />
        </RequireAccess>
      ),
    },
    {
      path: '/statistics',
      element: (
        <RequireAccess path="/statistics">
          <StatisticsPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/reports', '/statistics'],
};
