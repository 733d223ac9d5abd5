import { lazyPage } from '../lazyPage';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';

export const currencyRates = {
  name: 'currency-rates',
  list: lazyPage(
    () => import('./CurrencyRateList'),
    (m) => m.CurrencyRateList,
  ),
  icon: CurrencyExchangeIcon,
  recordRepresentation: 'date',
};
