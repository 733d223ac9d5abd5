import { lazy } from 'react';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';

export const bankAccounts = {
  name: 'bank-accounts',
  list: lazy(() => import('./BankAccountList').then((m) => ({ default: m.BankAccountList }))),
  icon: AccountBalanceWalletIcon,
};
