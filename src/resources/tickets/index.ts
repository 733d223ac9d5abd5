import { lazyPage } from '../lazyPage';
import SupportIcon from '@mui/icons-material/Support';

export const tickets = {
  name: 'tickets',
  list: lazyPage(
    () => import('./TicketList'),
    (m) => m.TicketList,
  ),
  create: lazyPage(
    () => import('./TicketCreate'),
    (m) => m.TicketCreate,
  ),
  show: lazyPage(
    () => import('./TicketShow'),
    (m) => m.TicketShow,
  ),
  icon: SupportIcon,
  recordRepresentation: 'subject',
};
