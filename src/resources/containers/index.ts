import { lazyPage } from '../lazyPage';
import { lazy } from 'react';
import ConstructionIcon from '@mui/icons-material/Construction';

/** /service-containers: renovation containers sold on top of a sale, each with its own schedule and payments. */
export const serviceContainers = {
  name: 'service-containers',
  list: lazyPage(
    () => import('./ContainerList'),
    (m) => m.ContainerList,
  ),
  show: lazyPage(
    () => import('./ContainerShow'),
    (m) => m.ContainerShow,
  ),
  icon: ConstructionIcon,
};

/** /services/payments: every renovation payment with the totals per currency and the Excel export. */
export const RenovationPaymentsPage = lazy(() =>
  import('./RenovationPayments').then((m) => ({ default: m.RenovationPayments })),
);
