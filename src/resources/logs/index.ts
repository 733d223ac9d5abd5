import { lazyPage } from '../lazyPage';
import HistoryIcon from '@mui/icons-material/History';

export const logs = {
  name: 'logs',
  list: lazyPage(
    () => import('./LogList'),
    (m) => m.LogList,
  ),
  icon: HistoryIcon,
};
