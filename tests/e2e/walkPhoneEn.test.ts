import { walkEveryRoleOnPhone } from './walkPhone';

walkEveryRoleOnPhone('en');
