import { lazyPage } from '../lazyPage';
import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';

export const bookings = {
  name: 'bookings',
  list: lazyPage(
    () => import('./BookingList'),
    (m) => m.BookingList,
  ),
  create: lazyPage(
    () => import('./BookingEdit'),
    (m) => m.BookingCreate,
  ),
  edit: lazyPage(
    () => import('./BookingEdit'),
    (m) => m.BookingEdit,
  ),
  show: lazyPage(
    () => import('./BookingShow'),
    (m) => m.BookingShow,
  ),
  icon: BookmarkAddedIcon,
  recordRepresentation: 'property_no',
};
