import { lazy } from 'react';
import HandshakeIcon from '@mui/icons-material/Handshake';

export const barter = {
  name: 'barter',
  list: lazy(() => import('./BarterList').then((m) => ({ default: m.BarterList }))),
  create: lazy(() => import('./BarterEdit').then((m) => ({ default: m.BarterCreate }))),
  edit: lazy(() => import('./BarterEdit').then((m) => ({ default: m.BarterEdit }))),
  show: lazy(() => import('./BarterShow').then((m) => ({ default: m.BarterShow }))),
  icon: HandshakeIcon,
  recordRepresentation: 'counterparty',
};
