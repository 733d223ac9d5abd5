import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyPermission } from '../../domain/access';
import { Spinner } from '../layout/Layout';
import { useCurrentUser } from '../layout/useCurrentUser';
import { RequirePermission } from '../pages/RequirePermission';
import { customers } from '../resources/customers';
import type { AreaScreens } from './types';

/** A page that needs one of these permissions beyond what opens the menu entry (adding, editing). */
function RequireAny({ permissions, children }: { permissions: string[]; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  return hasAnyPermission(user, permissions) ? <>{children}</> : <Navigate to="/" replace />;
}

const onCustomers = (page: ReactNode, permissions?: string[]) => (
  <RequirePermission path="/customers">{permissions ? <RequireAny permissions={permissions}>{page}</RequireAny> : page}</RequirePermission>
);

/** The customers area's screens: the customer list, form and page (comments are a shared widget). */
export const customersArea: AreaScreens = {
  resources: [
    {
      ...customers,
      list: onCustomers(<customers.list />),
      show: onCustomers(<customers.show />),
      create: onCustomers(<customers.create />, ['add_customers']),
      edit: onCustomers(<customers.edit />, ['edit_customers']),
    },
  ],
  routes: [],
  built: ['/customers'],
};
