import { lazy } from 'react';
import HomeRepairServiceIcon from '@mui/icons-material/HomeRepairService';

/** /services: the catalogue of services sold on top of a sale (MODULE_SERVICES). */
export const services = {
  name: 'services',
  list: lazy(() => import('./ServiceList').then((m) => ({ default: m.ServiceList }))),
  create: lazy(() => import('./ServiceEdit').then((m) => ({ default: m.ServiceCreate }))),
  edit: lazy(() => import('./ServiceEdit').then((m) => ({ default: m.ServiceEdit }))),
  icon: HomeRepairServiceIcon,
  recordRepresentation: 'name',
};
