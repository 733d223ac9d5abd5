import { lazyPage } from '../lazyPage';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';

/** The delivery log of messages to customers (/notification-logs). */
export const notificationLogs = {
  name: 'notification-logs',
  list: lazyPage(
    () => import('./NotificationLogList'),
    (m) => m.NotificationLogList,
  ),
  icon: MarkEmailReadIcon,
};
