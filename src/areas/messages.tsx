import type { ReactNode } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { notificationLogs } from '../resources/notificationLogs';
import { TemplatesPage } from '../resources/notificationTemplates';
import type { AreaScreens } from './types';

const onLog = (page: ReactNode) => <RequireAccess path="/notification-logs">{page}</RequireAccess>;

/** Messages to customers: the delivery log (/notification-logs) and the templates with the daily run's rules. */
export const messagesArea: AreaScreens = {
  resources: [{ ...notificationLogs, list: onLog(<notificationLogs.list />) }],
  routes: [
    {
      path: '/notification-templates',
      element: (
        <RequireAccess path="/notification-templates" resource="notification-templates" action="list">
          <TemplatesPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/notification-logs'],
};
