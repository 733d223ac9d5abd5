import { lazyPage } from '../lazyPage';
import PaymentsIcon from '@mui/icons-material/Payments';

/** The payments list: a section of the invoices area (no menu entry of its own). */
export const paymentsResource = {
  name: 'payments',
  list: lazyPage(
    () => import('./PaymentList'),
    (m) => m.PaymentList,
  ),
  icon: PaymentsIcon,
};
