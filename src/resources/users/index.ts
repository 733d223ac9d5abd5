import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';

export const users = {
  name: 'users',
  list: lazy(() => import('./UserList').then((m) => ({ default: m.UserList }))),
  create: lazy(() => import('./UserEdit').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit }))),
  icon: BadgeIcon,
  recordRepresentation: 'full_name',
};
