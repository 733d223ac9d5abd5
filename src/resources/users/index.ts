import { lazyPage } from '../lazyPage';
import BadgeIcon from '@mui/icons-material/Badge';

export const users = {
  name: 'users',
  list: lazyPage(
    () => import('./UserList'),
    (m) => m.UserList,
  ),
  create: lazyPage(
    () => import('./UserEdit'),
    (m) => m.UserCreate,
  ),
  edit: lazyPage(
    () => import('./UserEdit'),
    (m) => m.UserEdit,
  ),
  icon: BadgeIcon,
  recordRepresentation: 'full_name',
};
