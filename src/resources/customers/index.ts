import { lazyPage } from '../lazyPage';
import PeopleIcon from '@mui/icons-material/People';

export const customers = {
  name: 'customers',
  list: lazyPage(
    () => import('./CustomerList'),
    (m) => m.CustomerList,
  ),
  create: lazyPage(
    () => import('./CustomerEdit'),
    (m) => m.CustomerCreate,
  ),
  edit: lazyPage(
    () => import('./CustomerEdit'),
    (m) => m.CustomerEdit,
  ),
  show: lazyPage(
    () => import('./CustomerShow'),
    (m) => m.CustomerShow,
  ),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
