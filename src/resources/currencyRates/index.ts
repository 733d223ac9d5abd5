import { lazy } from 'react';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';

export const currencyRates = {
  name: 'currency-rates',
  list: lazy(() => import('./CurrencyRateList').then((m) => ({ default: m.CurrencyRateList }))),
  icon: CurrencyExchangeIcon,
  recordRepresentation: 'date',
};
