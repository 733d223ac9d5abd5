import { lazyPage } from '../lazyPage';
import ApartmentIcon from '@mui/icons-material/Apartment';

export const properties = {
  name: 'properties',
  list: lazyPage(
    () => import('./PropertyList'),
    (m) => m.PropertyList,
  ),
  create: lazyPage(
    () => import('./PropertyEdit'),
    (m) => m.PropertyCreate,
  ),
  edit: lazyPage(
    () => import('./PropertyEdit'),
    (m) => m.PropertyEdit,
  ),
  show: lazyPage(
    () => import('./PropertyShow'),
    (m) => m.PropertyShow,
  ),
  icon: ApartmentIcon,
  recordRepresentation: 'no',
};
