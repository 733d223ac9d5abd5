import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { agents } from '../resources/agents';
import { documents } from '../resources/documents';
import type { AreaScreens } from './types';

const onAgents = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/agents" resource="agents" action={action}>
    {page}
  </RequireAccess>
);

/** The agents area's screens: agents with their files and Excel import, and the /documents list. */
export const agentsArea: AreaScreens = {
  resources: [
    {
      ...agents,
      list: onAgents(<agents.list />),
      show: onAgents(<agents.show />),
      create: onAgents(<agents.create />, 'create'),
      edit: onAgents(<agents.edit />, 'edit'),
    },
    {
      ...documents,
      list: (
        <RequireAccess path="/documents">
          <documents.list />
        </RequireAccess>
      ),
    },
  ],
  routes: [],
  built: ['/agents', '/documents'],
};
