import { lazyPage } from '../lazyPage';
import TaskAltIcon from '@mui/icons-material/TaskAlt';

export const tasks = {
  name: 'tasks',
  list: lazyPage(
    () => import('./TaskList'),
    (m) => m.TaskList,
  ),
  create: lazyPage(
    () => import('./TaskEdit'),
    (m) => m.TaskCreate,
  ),
  edit: lazyPage(
    () => import('./TaskEdit'),
    (m) => m.TaskEdit,
  ),
  icon: TaskAltIcon,
  recordRepresentation: 'title',
};
