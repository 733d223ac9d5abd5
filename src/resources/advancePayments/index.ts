import { lazyPage } from '../lazyPage';
import PaymentsIcon from '@mui/icons-material/Payments';

export const advancePayments = {
  name: 'advance-payments',
  list: lazyPage(
    () => import('./AdvancePaymentList'),
    (m) => m.AdvancePaymentList,
  ),
  create: lazyPage(
    () => import('./AdvancePaymentEdit'),
    (m) => m.AdvancePaymentCreate,
  ),
  edit: lazyPage(
    () => import('./AdvancePaymentEdit'),
    (m) => m.AdvancePaymentEdit,
  ),
  icon: PaymentsIcon,
};
