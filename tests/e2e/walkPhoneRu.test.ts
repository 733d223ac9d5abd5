import { walkEveryRoleOnPhone } from './walkPhone';

walkEveryRoleOnPhone('ru');
