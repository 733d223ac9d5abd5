import { lazyPage } from '../lazyPage';
import HandshakeIcon from '@mui/icons-material/Handshake';

export const barter = {
  name: 'barter',
  list: lazyPage(
    () => import('./BarterList'),
    (m) => m.BarterList,
  ),
  create: lazyPage(
    () => import('./BarterEdit'),
    (m) => m.BarterCreate,
  ),
  edit: lazyPage(
    () => import('./BarterEdit'),
    (m) => m.BarterEdit,
  ),
  show: lazyPage(
    () => import('./BarterShow'),
    (m) => m.BarterShow,
  ),
  icon: HandshakeIcon,
  recordRepresentation: 'counterparty',
};
