import { lazy } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';

export const properties = {
  name: 'properties',
  list: lazy(() => import('./PropertyList').then((m) => ({ default: m.PropertyList }))),
  create: lazy(() => import('./PropertyEdit').then((m) => ({ default: m.PropertyCreate }))),
  edit: lazy(() => import('./PropertyEdit').then((m) => ({ default: m.PropertyEdit }))),
  show: lazy(() => import('./PropertyShow').then((m) => ({ default: m.PropertyShow }))),
  icon: ApartmentIcon,
  recordRepresentation: 'no',
};
