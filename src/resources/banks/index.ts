import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';

export const banks = {
  name: 'banks',
  list: lazy(() => import('./BankList').then((m) => ({ default: m.BankList }))),
  icon: AccountBalanceIcon,
  recordRepresentation: 'name',
};
