import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { canAccess, type AccessAction } from '../../domain/access';
import { canOpen } from '../../domain/menu';
import { clientConfig } from '../providers/config';
import { useCurrentUser } from '../layout/useCurrentUser';
import { Spinner } from '../layout/Layout';

interface RequireAccessProps {
  /** The menu route the page belongs to: its permissions (and the deployment's flags) must allow it, or the user goes to /. */
  path: string;
  /** Also needed: this action on this resource (domain/access.ts), or the user goes to `back` (default /). */
  resource?: string;
  action?: AccessAction;
  back?: string;
  children: ReactNode;
}

/** The one route guard: opens a page only for a user the menu entry and the access rule allow. */
export function RequireAccess({ path, resource, action, back, children }: RequireAccessProps) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  if (!canOpen(path, { permissions: user.permissions, flags: clientConfig().flags }))
    return <Navigate to="/" replace />;
  if (resource && action && !canAccess(user, resource, action)) return <Navigate to={back ?? '/'} replace />;
  return <>{children}</>;
}
