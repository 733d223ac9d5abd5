import { lazyPage } from '../lazyPage';
import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

export const invoices = {
  name: 'invoices',
  list: lazyPage(
    () => import('./InvoiceList'),
    (m) => m.InvoiceList,
  ),
  icon: ReceiptLongIcon,
  recordRepresentation: 'number',
};

export const InvoicePrintPage = lazy(() => import('./InvoicePrint').then((m) => ({ default: m.InvoicePrint })));
