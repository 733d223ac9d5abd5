import { lazy } from 'react';
import SupportIcon from '@mui/icons-material/Support';

export const tickets = {
  name: 'tickets',
  list: lazy(() => import('./TicketList').then((m) => ({ default: m.TicketList }))),
  create: lazy(() => import('./TicketCreate').then((m) => ({ default: m.TicketCreate }))),
  show: lazy(() => import('./TicketShow').then((m) => ({ default: m.TicketShow }))),
  icon: SupportIcon,
  recordRepresentation: 'subject',
};
