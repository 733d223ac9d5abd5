import { lazy } from 'react';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';

/** The delivery log of messages to customers (/notification-logs). */
export const notificationLogs = {
  name: 'notification-logs',
  list: lazy(() => import('./NotificationLogList').then((m) => ({ default: m.NotificationLogList }))),
  icon: MarkEmailReadIcon,
};
