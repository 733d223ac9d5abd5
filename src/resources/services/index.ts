import { lazyPage } from '../lazyPage';
import HomeRepairServiceIcon from '@mui/icons-material/HomeRepairService';

/** /services: the catalogue of services sold on top of a sale (MODULE_SERVICES). */
export const services = {
  name: 'services',
  list: lazyPage(
    () => import('./ServiceList'),
    (m) => m.ServiceList,
  ),
  create: lazyPage(
    () => import('./ServiceEdit'),
    (m) => m.ServiceCreate,
  ),
  edit: lazyPage(
    () => import('./ServiceEdit'),
    (m) => m.ServiceEdit,
  ),
  icon: HomeRepairServiceIcon,
  recordRepresentation: 'name',
};
