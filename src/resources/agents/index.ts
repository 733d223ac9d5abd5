import { lazy } from 'react';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

export const agents = {
  name: 'agents',
  list: lazy(() => import('./AgentList').then((m) => ({ default: m.AgentList }))),
  create: lazy(() => import('./AgentEdit').then((m) => ({ default: m.AgentCreate }))),
  edit: lazy(() => import('./AgentEdit').then((m) => ({ default: m.AgentEdit }))),
  show: lazy(() => import('./AgentShow').then((m) => ({ default: m.AgentShow }))),
  icon: SupportAgentIcon,
  recordRepresentation: 'name',
};
