import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';

export const advancePayments = {
  name: 'advance-payments',
  list: lazy(() => import('./AdvancePaymentList').then((m) => ({ default: m.AdvancePaymentList }))),
  create: lazy(() => import('./AdvancePaymentEdit').then((m) => ({ default: m.AdvancePaymentCreate }))),
  edit: lazy(() => import('./AdvancePaymentEdit').then((m) => ({ default: m.AdvancePaymentEdit }))),
  icon: PaymentsIcon,
};
