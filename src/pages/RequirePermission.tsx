import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { canOpen } from '../../domain/menu';
import { isAdmin } from '../../domain/access';
import { clientConfig } from '../providers/config';
import { useCurrentUser } from '../layout/useCurrentUser';
import { Spinner } from '../layout/Layout';

/** Opens a page only for a user whose permissions (and the deployment's flags) allow its menu entry; others go to /. */
export function RequirePermission({ path, adminOnly, children }: { path: string; adminOnly?: boolean; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  const allowed = canOpen(path, { permissions: user.permissions, flags: clientConfig().flags }) && (!adminOnly || isAdmin(user));
  return allowed ? <>{children}</> : <Navigate to="/" replace />;
}
