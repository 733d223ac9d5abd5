import type { ReactNode } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { overdueSales } from '../resources/overdueSales';
import { invoices, InvoicePrintPage } from '../resources/invoices';
import { currencyRates } from '../resources/currencyRates';
import { paymentsResource } from '../resources/payments/resource';
import type { AreaScreens } from './types';

const onPath = (path: string, page: ReactNode) => <RequireAccess path={path}>{page}</RequireAccess>;

/**
 * The payments area's screens: overdue sales, invoices (and their printable page), currency rates and the payments list
 * (both reached from invoices).
 */
export const paymentsArea: AreaScreens = {
  resources: [
    { ...overdueSales, list: onPath('/overdue-sales', <overdueSales.list />) },
    { ...invoices, list: onPath('/invoices', <invoices.list />) },
    { ...currencyRates, list: onPath('/currency-rates', <currencyRates.list />) },
    { ...paymentsResource, list: onPath('/invoices', <paymentsResource.list />) },
  ],
  routes: [{ path: '/invoices/:id/print', element: onPath('/invoices', <InvoicePrintPage />) }],
  built: ['/overdue-sales', '/invoices'],
};
