import { lazy } from 'react';
import EventBusyIcon from '@mui/icons-material/EventBusy';

export const overdueSales = {
  name: 'overdue-sales',
  list: lazy(() => import('./OverdueSaleList').then((m) => ({ default: m.OverdueSaleList }))),
  icon: EventBusyIcon,
  recordRepresentation: 'contract_no',
};
