import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyPermission } from '../../domain/access';
import { Spinner } from '../layout/Layout';
import { useCurrentUser } from '../layout/useCurrentUser';
import { RequirePermission } from '../pages/RequirePermission';
import { agents } from '../resources/agents';
import { documents } from '../resources/documents';
import type { AreaScreens } from './types';

/** A page that also needs one of these permissions beyond what opens its menu entry (adding, editing). */
function RequireAny({ permissions, children }: { permissions: string[]; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  return hasAnyPermission(user, permissions) ? <>{children}</> : <Navigate to="/" replace />;
}

const onAgents = (page: ReactNode, permissions?: string[]) => (
  <RequirePermission path="/agents">{permissions ? <RequireAny permissions={permissions}>{page}</RequireAny> : page}</RequirePermission>
);

/** The agents area's screens: agents with their files and Excel import, and the /documents list. */
export const agentsArea: AreaScreens = {
  resources: [
    {
      ...agents,
      list: onAgents(<agents.list />),
      show: onAgents(<agents.show />),
      create: onAgents(<agents.create />, ['add_agents']),
      edit: onAgents(<agents.edit />, ['edit_agents']),
    },
    {
      ...documents,
      list: (
        <RequirePermission path="/documents">
          <documents.list />
        </RequirePermission>
      ),
    },
  ],
  routes: [],
  built: ['/agents', '/documents'],
};
