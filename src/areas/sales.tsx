import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { sales, trashedSales } from '../resources/sales';
import { paymentSchedules } from '../resources/paymentSchedules';
import type { AreaScreens } from './types';

const onSales = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/sales" resource="sales" action={action} back="/sales">
    {page}
  </RequireAccess>
);
const onTrashed = (page: ReactNode) => <RequireAccess path="/trashed-sales">{page}</RequireAccess>;

/** The sales area's screens: sales, the sale page (/sales/{id}), the payment schedules across sales, trashed sales. */
export const salesArea: AreaScreens = {
  resources: [
    {
      ...sales,
      list: onSales(<sales.list />),
      show: onSales(<sales.show />),
      create: onSales(<sales.create />, 'create'),
      edit: onSales(<sales.edit />, 'edit'),
    },
    {
      ...paymentSchedules,
      list: (
        <RequireAccess path="/payment-schedules">
          <paymentSchedules.list />
        </RequireAccess>
      ),
    },
    {
      ...trashedSales,
      list: onTrashed(<trashedSales.list />),
      show: onTrashed(<trashedSales.show />),
    },
  ],
  // The sale page is /sales/{id}; the static /sales/create outranks it, the edit form stays at /sales/{id}/edit.
  routes: [
    { path: '/sales/create', element: onSales(<sales.create />, 'create') },
    { path: '/sales/:id', element: onSales(<sales.show />) },
  ],
  built: ['/sales', '/payment-schedules', '/trashed-sales'],
};
