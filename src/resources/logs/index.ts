import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';

export const logs = {
  name: 'logs',
  list: lazy(() => import('./LogList').then((m) => ({ default: m.LogList }))),
  icon: HistoryIcon,
};
