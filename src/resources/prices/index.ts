import { lazy } from 'react';
import PriceChangeIcon from '@mui/icons-material/PriceChange';

/** Price lists: a resource without a menu entry, reached from the units list and a unit's page. */
export const prices = {
  name: 'prices',
  list: lazy(() => import('./PriceList').then((m) => ({ default: m.PriceList }))),
  icon: PriceChangeIcon,
};
