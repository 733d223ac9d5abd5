import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { bookings } from '../resources/bookings';
import {
  preSaleBookings,
  ReservationCreatePage,
  ReservationListPage,
  ReservationShowPage,
} from '../resources/preSaleBookings';
import type { AreaScreens } from './types';

const onBookings = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/bookings" resource="bookings" action={action}>
    {page}
  </RequireAccess>
);

/** The reservations area's screens: pre-sale bookings on /reservation and /reservation/create, and bookings. */
export const reservationsArea: AreaScreens = {
  resources: [
    preSaleBookings,
    {
      ...bookings,
      list: onBookings(<bookings.list />),
      show: onBookings(<bookings.show />),
      create: onBookings(<bookings.create />, 'create'),
      edit: onBookings(<bookings.edit />, 'edit'),
    },
  ],
  routes: [
    {
      path: '/reservation',
      element: (
        <RequireAccess path="/reservation">
          <ReservationListPage />
        </RequireAccess>
      ),
    },
    {
      path: '/reservation/create',
      element: (
        <RequireAccess path="/reservation/create">
          <ReservationCreatePage />
        </RequireAccess>
      ),
    },
    {
      path: '/reservation/:id',
      element: (
        <RequireAccess path="/reservation">
          <ReservationShowPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/reservation', '/reservation/create', '/bookings'],
};
