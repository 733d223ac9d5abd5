import { lazy } from 'react';
import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';

export const bookings = {
  name: 'bookings',
  list: lazy(() => import('./BookingList').then((m) => ({ default: m.BookingList }))),
  create: lazy(() => import('./BookingEdit').then((m) => ({ default: m.BookingCreate }))),
  edit: lazy(() => import('./BookingEdit').then((m) => ({ default: m.BookingEdit }))),
  show: lazy(() => import('./BookingShow').then((m) => ({ default: m.BookingShow }))),
  icon: BookmarkAddedIcon,
  recordRepresentation: 'property_no',
};
