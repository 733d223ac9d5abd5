import { lazyPage } from '../lazyPage';
import ApartmentIcon from '@mui/icons-material/Apartment';

export const buildings = {
  name: 'buildings',
  list: lazyPage(
    () => import('./BuildingList'),
    (m) => m.BuildingList,
  ),
  create: lazyPage(
    () => import('./BuildingEdit'),
    (m) => m.BuildingCreate,
  ),
  edit: lazyPage(
    () => import('./BuildingEdit'),
    (m) => m.BuildingEdit,
  ),
  show: lazyPage(
    () => import('./BuildingShow'),
    (m) => m.BuildingShow,
  ),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
