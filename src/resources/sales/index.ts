import { lazyPage } from '../lazyPage';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';

export const sales = {
  name: 'sales',
  list: lazyPage(
    () => import('./SaleList'),
    (m) => m.SaleList,
  ),
  create: lazyPage(
    () => import('./SaleEdit'),
    (m) => m.SaleCreate,
  ),
  edit: lazyPage(
    () => import('./SaleEdit'),
    (m) => m.SaleEdit,
  ),
  show: lazyPage(
    () => import('./SaleShow'),
    (m) => m.SaleShow,
  ),
  icon: PointOfSaleIcon,
  recordRepresentation: 'contract_no',
};

export const trashedSales = {
  name: 'trashed-sales',
  list: lazyPage(
    () => import('./TrashedSaleList'),
    (m) => m.TrashedSaleList,
  ),
  show: lazyPage(
    () => import('./SaleShow'),
    (m) => m.TrashedSaleShow,
  ),
  icon: DeleteSweepIcon,
  recordRepresentation: 'contract_no',
};

/** Where a unit is sold; `property_id` prefills the form (the availability board links here). */
export const SELL_PATH = '/sales/create';
export const sellPath = (propertyId: number) => `${SELL_PATH}?property_id=${propertyId}`;
/** Where an approved reservation is sold: its unit, customer and the reservation itself prefill the form. */
export const sellReservationPath = (reservationId: number) => `${SELL_PATH}?pre_sale_booking_id=${reservationId}`;
