import { RequireAccess } from '../pages/RequireAccess';
import {
  managerNotifications,
  ManagerNotificationsPage,
  MyNotificationsPage,
  notifications,
} from '../resources/notifications';
import type { AreaScreens } from './types';

/**
 * Staff's notifications: /notifications (client mode: my own) and /manager/notifications (manager mode: everyone's).
 */
export const notificationsArea: AreaScreens = {
  resources: [notifications, managerNotifications],
  routes: [
    {
      path: '/notifications',
      element: (
        <RequireAccess path="/notifications" resource="notifications" action="list">
          <MyNotificationsPage />
        </RequireAccess>
      ),
    },
    {
      path: '/manager/notifications',
      element: (
        <RequireAccess path="/manager/notifications" resource="manager-notifications" action="list">
          <ManagerNotificationsPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/notifications', '/manager/notifications'],
};
