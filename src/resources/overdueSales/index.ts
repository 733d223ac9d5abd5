import { lazyPage } from '../lazyPage';
import EventBusyIcon from '@mui/icons-material/EventBusy';

export const overdueSales = {
  name: 'overdue-sales',
  list: lazyPage(
    () => import('./OverdueSaleList'),
    (m) => m.OverdueSaleList,
  ),
  icon: EventBusyIcon,
  recordRepresentation: 'contract_no',
};
