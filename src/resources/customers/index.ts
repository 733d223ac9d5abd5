import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';

export const customers = {
  name: 'customers',
  list: lazy(() => import('./CustomerList').then((m) => ({ default: m.CustomerList }))),
  create: lazy(() => import('./CustomerEdit').then((m) => ({ default: m.CustomerCreate }))),
  edit: lazy(() => import('./CustomerEdit').then((m) => ({ default: m.CustomerEdit }))),
  show: lazy(() => import('./CustomerShow').then((m) => ({ default: m.CustomerShow }))),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
