import { lazy } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';

/** Staff's notifications: their pages live on their own paths, /notifications and /manager/notifications. */
export const notifications = { name: 'notifications', icon: NotificationsIcon };
export const managerNotifications = { name: 'manager-notifications', icon: NotificationsIcon };

export const MyNotificationsPage = lazy(() =>
  import('./NotificationList').then((m) => ({ default: m.MyNotificationList })),
);
export const ManagerNotificationsPage = lazy(() =>
  import('./NotificationList').then((m) => ({ default: m.ManagerNotificationList })),
);
