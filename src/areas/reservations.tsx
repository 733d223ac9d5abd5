import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyPermission } from '../../domain/access';
import { Spinner } from '../layout/Layout';
import { useCurrentUser } from '../layout/useCurrentUser';
import { RequirePermission } from '../pages/RequirePermission';
import { bookings } from '../resources/bookings';
import { preSaleBookings, ReservationCreatePage, ReservationListPage } from '../resources/preSaleBookings';
import type { AreaScreens } from './types';

/** A page that also needs one of these permissions beyond what opens its menu entry. */
function RequireAny({ permissions, children }: { permissions: string[]; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  return hasAnyPermission(user, permissions) ? <>{children}</> : <Navigate to="/" replace />;
}

const onBookings = (page: ReactNode, permissions?: string[]) => (
  <RequirePermission path="/bookings">{permissions ? <RequireAny permissions={permissions}>{page}</RequireAny> : page}</RequirePermission>
);

/** The reservations area's screens: pre-sale bookings on /reservation and /reservation/create, and bookings. */
export const reservationsArea: AreaScreens = {
  resources: [
    preSaleBookings,
    {
      ...bookings,
      list: onBookings(<bookings.list />),
      show: onBookings(<bookings.show />),
      create: onBookings(<bookings.create />, ['add_bookings']),
      edit: onBookings(<bookings.edit />, ['edit_bookings']),
    },
  ],
  routes: [
    {
      path: '/reservation',
      element: (
        <RequirePermission path="/reservation">
          <ReservationListPage />
        </RequirePermission>
      ),
    },
    {
      path: '/reservation/create',
      element: (
        <RequirePermission path="/reservation/create">
          <ReservationCreatePage />
        </RequirePermission>
      ),
    },
  ],
  built: ['/reservation', '/reservation/create', '/bookings'],
};
