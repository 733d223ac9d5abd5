import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { tasks } from '../resources/tasks';
import { tickets } from '../resources/tickets';
import { logs } from '../resources/logs';
import type { AreaScreens } from './types';

const onTasks = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/tasks" resource="tasks" action={action}>
    {page}
  </RequireAccess>
);

const onTickets = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/tickets" resource="tickets" action={action}>
    {page}
  </RequireAccess>
);

/**
 * Staff's work items: /tasks (opened from the top-bar counter), its form, and the create buttons elsewhere; /tickets
 * (reached from the tasks page); /logs, the activity log.
 */
export const workArea: AreaScreens = {
  resources: [
    {
      ...tasks,
      list: onTasks(<tasks.list />, 'list'),
      create: onTasks(<tasks.create />, 'create'),
      edit: onTasks(<tasks.edit />, 'edit'),
    },
    {
      ...tickets,
      list: onTickets(<tickets.list />, 'list'),
      show: onTickets(<tickets.show />, 'show'),
      create: onTickets(<tickets.create />, 'create'),
    },
    {
      ...logs,
      list: (
        <RequireAccess path="/logs">
          <logs.list />
        </RequireAccess>
      ),
    },
  ],
  routes: [],
  built: ['/tasks', '/tickets', '/logs'],
};
