import { lazy } from 'react';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';

/**
 * Pre-sale bookings (reservations): their screens live on the menu's own paths, /reservation and /reservation/create.
 */
export const preSaleBookings = {
  name: 'pre-sale-bookings',
  icon: EventAvailableIcon,
  recordRepresentation: 'property_no',
};

export const ReservationListPage = lazy(() =>
  import('../../pages/reservation/ReservationList').then((m) => ({ default: m.ReservationList })),
);
export const ReservationCreatePage = lazy(() =>
  import('../../pages/reservation/ReservationCreate').then((m) => ({ default: m.ReservationCreate })),
);
export const ReservationShowPage = lazy(() =>
  import('../../pages/reservation/ReservationShow').then((m) => ({ default: m.ReservationShow })),
);
export { RESERVE_PATH, reservePath } from './paths';
