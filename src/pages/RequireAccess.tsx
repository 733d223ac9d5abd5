import type { ReactNode } from 'react';
import { canAccess, type AccessAction } from '../../domain/access';
import { canOpen } from '../../domain/menu';
import { clientConfig } from '../providers/config';
import { useCurrentUser } from '../layout/useCurrentUser';
import { Spinner } from '../widgets/Spinner';
import { ForbiddenPage } from './ErrorPage';

interface RequireAccessProps {
  /**
   * The menu route the page belongs to:
   * its permissions (and the deployment's flags) must allow it, or access is denied.
   */
  path: string;
  /** Also needed: this action on this resource (domain/access.ts), or access is denied. */
  resource?: string;
  action?: AccessAction;
  /** @deprecated kept for callers: a page the user may not open now says why (ForbiddenPage) instead of redirecting. */
  back?: string;
  children: ReactNode;
}

/** The one route guard: opens a page only for a user the menu entry and the access rule allow, else says why. */
export function RequireAccess({ path, resource, action, children }: RequireAccessProps) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  if (!canOpen(path, { permissions: user.permissions, flags: clientConfig().flags })) return <ForbiddenPage />;
  if (resource && action && !canAccess(user, resource, action)) return <ForbiddenPage />;
  return <>{children}</>;
}
