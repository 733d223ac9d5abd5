import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { customers } from '../resources/customers';
import type { AreaScreens } from './types';

const onCustomers = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/customers" resource="customers" action={action}>
    {page}
  </RequireAccess>
);

/** The customers area's screens: the customer list, form and page (comments are a shared widget). */
export const customersArea: AreaScreens = {
  resources: [
    {
      ...customers,
      list: onCustomers(<customers.list />),
      show: onCustomers(<customers.show />),
      create: onCustomers(<customers.create />, 'create'),
      edit: onCustomers(<customers.edit />, 'edit'),
    },
  ],
  routes: [],
  built: ['/customers'],
};
