import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { lazyPage } from '../lazyPage';

/** The payment-schedules page: every installment across the sales the user may see. */
export const paymentSchedules = {
  name: 'payment-schedules',
  list: lazyPage(
    () => import('./PaymentScheduleList'),
    (m) => m.PaymentScheduleList,
  ),
  icon: CalendarMonthIcon,
};
