import { lazy } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';

export const buildings = {
  name: 'buildings',
  list: lazy(() => import('./BuildingList').then((m) => ({ default: m.BuildingList }))),
  create: lazy(() => import('./BuildingEdit').then((m) => ({ default: m.BuildingCreate }))),
  edit: lazy(() => import('./BuildingEdit').then((m) => ({ default: m.BuildingEdit }))),
  show: lazy(() => import('./BuildingShow').then((m) => ({ default: m.BuildingShow }))),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
