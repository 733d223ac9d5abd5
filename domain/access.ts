import type { Permission } from './permissions';

/** What the server knows about a signed-in user, and what the browser receives from GET /api/user. */
export interface Principal {
  id: number;
  roles: readonly string[];
  permissions: readonly string[];
  buildings: readonly number[];
}

export const hasPermission = (user: Pick<Principal, 'permissions'>, permission: Permission | string) =>
  user.permissions.includes(permission);

export const hasAnyPermission = (user: Pick<Principal, 'permissions'>, permissions: readonly string[]) =>
  permissions.some((p) => user.permissions.includes(p));

export const isAdmin = (user: Pick<Principal, 'roles'>) => user.roles.includes('admin');

/** SPEC §3: an accountant who is neither admin nor sales manager reads but does not change sales. */
export const isViewOnly = (user: Pick<Principal, 'roles'>) =>
  user.roles.includes('accountant') && !user.roles.includes('admin') && !user.roles.includes('sales_manager');

/**
 * SPEC §6: which buildings a user may see. `all` for all_buildings_access or the accountant role,
 * otherwise exactly the assigned ones (none assigned: none).
 */
export type BuildingScope = { all: true } | { all: false; buildingIds: readonly number[] };

export const buildingScope = (user: Principal): BuildingScope =>
  user.permissions.includes('all_buildings_access') || user.roles.includes('accountant')
    ? { all: true }
    : { all: false, buildingIds: [...user.buildings] };

export const canSeeBuilding = (scope: BuildingScope, buildingId: number) =>
  scope.all || scope.buildingIds.includes(buildingId);
