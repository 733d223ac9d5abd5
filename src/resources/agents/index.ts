import { lazyPage } from '../lazyPage';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

export const agents = {
  name: 'agents',
  list: lazyPage(
    () => import('./AgentList'),
    (m) => m.AgentList,
  ),
  create: lazyPage(
    () => import('./AgentEdit'),
    (m) => m.AgentCreate,
  ),
  edit: lazyPage(
    () => import('./AgentEdit'),
    (m) => m.AgentEdit,
  ),
  show: lazyPage(
    () => import('./AgentShow'),
    (m) => m.AgentShow,
  ),
  icon: SupportAgentIcon,
  recordRepresentation: 'name',
};
