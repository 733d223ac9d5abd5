import { describe, it, expect } from 'vitest';
import {
  buildingScope,
  canSeeBuilding,
  hasAnyPermission,
  hasPermission,
  isAdmin,
  isViewOnly,
  type Principal,
} from '../../domain/access';

const user = (over: Partial<Principal> = {}): Principal => ({
  id: 1,
  roles: [],
  permissions: [],
  buildings: [],
  ...over,
});

describe('buildingScope: which buildings a user may see', () => {
  it('all_buildings_access sees all buildings, whatever is assigned', () => {
    const scope = buildingScope(user({ permissions: ['all_buildings_access'], buildings: [3] }));
    expect(scope).toEqual({ all: true });
    expect(canSeeBuilding(scope, 3)).toBe(true);
    expect(canSeeBuilding(scope, 999)).toBe(true);
  });

  it('the accountant role sees all buildings without the permission', () => {
    const scope = buildingScope(user({ roles: ['accountant'] }));
    expect(scope.all).toBe(true);
    expect(canSeeBuilding(scope, 42)).toBe(true);
  });

  it('assigned buildings: exactly those', () => {
    const scope = buildingScope(user({ roles: ['sales_manager'], permissions: ['view_buildings'], buildings: [2, 5] }));
    expect(scope).toEqual({ all: false, buildingIds: [2, 5] });
    expect(canSeeBuilding(scope, 2)).toBe(true);
    expect(canSeeBuilding(scope, 5)).toBe(true);
    expect(canSeeBuilding(scope, 3)).toBe(false);
    expect(canSeeBuilding(scope, 1)).toBe(false);
  });

  it('none assigned: none visible', () => {
    const scope = buildingScope(user({ roles: ['admin'], permissions: ['view_buildings'] }));
    expect(scope).toEqual({ all: false, buildingIds: [] });
    for (const id of [0, 1, 2, 100]) expect(canSeeBuilding(scope, id)).toBe(false);
  });

  it('the scope is a copy: later changes to the user do not leak in', () => {
    const buildings = [1];
    const scope = buildingScope(user({ buildings }));
    buildings.push(2);
    expect(canSeeBuilding(scope, 2)).toBe(false);
  });
});

describe('isViewOnly', () => {
  it('accountant alone is view-only', () => expect(isViewOnly(user({ roles: ['accountant'] }))).toBe(true));
  it('accountant + admin is not', () => expect(isViewOnly(user({ roles: ['accountant', 'admin'] }))).toBe(false));
  it('accountant + sales_manager is not', () =>
    expect(isViewOnly(user({ roles: ['sales_manager', 'accountant'] }))).toBe(false));
  it('sales_manager is not', () => expect(isViewOnly(user({ roles: ['sales_manager'] }))).toBe(false));
  it('no role is not', () => expect(isViewOnly(user())).toBe(false));
  it('accountant + another role (client_manager) stays view-only', () =>
    expect(isViewOnly(user({ roles: ['accountant', 'client_manager'] }))).toBe(true));
});

describe('permission checks', () => {
  const u = user({ roles: ['admin'], permissions: ['view_sales', 'view_own_logs'] });

  it('hasAnyPermission: true when one of several is held', () => {
    expect(hasAnyPermission(u, ['view_all_logs', 'view_own_logs'])).toBe(true);
  });
  it('hasAnyPermission: false when none is held', () => {
    expect(hasAnyPermission(u, ['view_all_logs', 'view_customers'])).toBe(false);
  });
  it('hasAnyPermission: false for an empty list', () => {
    expect(hasAnyPermission(u, [])).toBe(false);
  });
  it('hasAnyPermission matches whole names, not prefixes', () => {
    expect(hasAnyPermission(u, ['view_sale', 'view'])).toBe(false);
  });
  it('hasPermission and isAdmin', () => {
    expect(hasPermission(u, 'view_sales')).toBe(true);
    expect(hasPermission(u, 'edit_sales')).toBe(false);
    expect(isAdmin(u)).toBe(true);
    expect(isAdmin(user({ roles: ['accountant'] }))).toBe(false);
  });
});
