import { lazy } from 'react';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';

export const sales = {
  name: 'sales',
  list: lazy(() => import('./SaleList').then((m) => ({ default: m.SaleList }))),
  create: lazy(() => import('./SaleEdit').then((m) => ({ default: m.SaleCreate }))),
  edit: lazy(() => import('./SaleEdit').then((m) => ({ default: m.SaleEdit }))),
  show: lazy(() => import('./SaleShow').then((m) => ({ default: m.SaleShow }))),
  icon: PointOfSaleIcon,
  recordRepresentation: 'contract_no',
};

export const trashedSales = {
  name: 'trashed-sales',
  list: lazy(() => import('./TrashedSaleList').then((m) => ({ default: m.TrashedSaleList }))),
  show: lazy(() => import('./SaleShow').then((m) => ({ default: m.TrashedSaleShow }))),
  icon: DeleteSweepIcon,
  recordRepresentation: 'contract_no',
};

/** Where a unit is sold; `property_id` prefills the form (the availability board links here). */
export const SELL_PATH = '/sales/create';
export const sellPath = (propertyId: number) => `${SELL_PATH}?property_id=${propertyId}`;
