import { lazyPage } from '../lazyPage';
import PriceChangeIcon from '@mui/icons-material/PriceChange';

/** Price lists: a resource without a menu entry, reached from the units list and a unit's page. */
export const prices = {
  name: 'prices',
  list: lazyPage(
    () => import('./PriceList'),
    (m) => m.PriceList,
  ),
  icon: PriceChangeIcon,
};
