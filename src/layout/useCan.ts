import { useCallback } from 'react';
import { canAccess, canGrant, type AccessAction } from '../../domain/access';
import { canOpen } from '../../domain/menu';
import { clientConfig } from '../providers/config';
import { useCurrentUser } from './useCurrentUser';

/**
 * The one permission question of the screens: `can(resource, action)` by domain/access.ts; false while the user loads.
 */
export function useCan(): (resource: string, action: AccessAction) => boolean {
  const user = useCurrentUser();
  return useCallback((resource, action) => canAccess(user, resource, action), [user]);
}

/** Whether the user may open a menu route (its permissions and the deployment's flags); false while the user loads. */
export function useCanOpen(): (path: string) => boolean {
  const user = useCurrentUser();
  return useCallback(
    (path) => Boolean(user && canOpen(path, { permissions: user.permissions, flags: clientConfig().flags })),
    [user],
  );
}

/** Whether the user may hand a permission to a role: only one they hold, and only with edit_role_permissions. */
export function useCanGrant(): (permission: string) => boolean {
  const user = useCurrentUser();
  return useCallback((permission) => canGrant(user, permission), [user]);
}
