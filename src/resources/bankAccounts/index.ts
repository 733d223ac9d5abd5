import { lazyPage } from '../lazyPage';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';

export const bankAccounts = {
  name: 'bank-accounts',
  list: lazyPage(
    () => import('./BankAccountList'),
    (m) => m.BankAccountList,
  ),
  icon: AccountBalanceWalletIcon,
};
