import { walkEveryRoleOnPhone } from './walkPhone';

walkEveryRoleOnPhone('ka');
