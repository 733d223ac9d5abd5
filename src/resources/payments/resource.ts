import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';

/** The payments list: a section of the invoices area (no menu entry of its own). */
export const paymentsResource = {
  name: 'payments',
  list: lazy(() => import('./PaymentList').then((m) => ({ default: m.PaymentList }))),
  icon: PaymentsIcon,
};
