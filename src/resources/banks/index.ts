import { lazyPage } from '../lazyPage';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';

export const banks = {
  name: 'banks',
  list: lazyPage(
    () => import('./BankList'),
    (m) => m.BankList,
  ),
  icon: AccountBalanceIcon,
  recordRepresentation: 'name',
};
