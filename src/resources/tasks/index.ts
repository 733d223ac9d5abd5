import { lazy } from 'react';
import TaskAltIcon from '@mui/icons-material/TaskAlt';

export const tasks = {
  name: 'tasks',
  list: lazy(() => import('./TaskList').then((m) => ({ default: m.TaskList }))),
  create: lazy(() => import('./TaskEdit').then((m) => ({ default: m.TaskCreate }))),
  edit: lazy(() => import('./TaskEdit').then((m) => ({ default: m.TaskEdit }))),
  icon: TaskAltIcon,
  recordRepresentation: 'title',
};
