import { describe, it, expect } from 'vitest';
import { ACCESS, canAccess, canGrant, holdsAny, type AccessSubject } from '../../domain/access';
import { canOpen, menuLeaves } from '../../domain/menu';
import { ANY, DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '../../domain/permissions';
import type { ModuleFlags } from '../../domain/config';

const user = (permissions: string[], roles: string[] = ['sales_manager']): AccessSubject => ({ permissions, roles });

describe('canAccess: resource × action → permission', () => {
  const cases: Array<[string, AccessSubject | undefined, string, string, boolean]> = [
    ['no user yet', undefined, 'sales', 'list', false],
    ['view_sales opens the sales list', user(['view_sales']), 'sales', 'list', true],
    ['view_only_own_sales opens the sales list', user(['view_only_own_sales']), 'sales', 'show', true],
    ['no sales permission: no sales list', user(['view_customers']), 'sales', 'list', false],
    ['add_sales creates a sale', user(['add_sales']), 'sales', 'create', true],
    ['the view-only accountant does not create a sale', user(['add_sales'], ['accountant']), 'sales', 'create', false],
    [
      'an accountant who is also sales manager does',
      user(['add_sales'], ['accountant', 'sales_manager']),
      'sales',
      'create',
      true,
    ],
    ['the view-only accountant does not edit a sale', user(['edit_sales'], ['accountant']), 'sales', 'edit', false],
    [
      'the view-only accountant still records payments',
      user(['add_payments'], ['accountant']),
      'payments',
      'create',
      true,
    ],
    ['sale files: add_sales suffices', user(['add_sales']), 'sales', 'files', true],
    ['sale files: edit_sales suffices', user(['edit_sales']), 'sales', 'files', true],
    ['sale files: view_sales does not', user(['view_sales']), 'sales', 'files', false],
    ['edit_buildings edits a building', user(['edit_buildings']), 'buildings', 'edit', true],
    ['edit_buildings does not delete one', user(['edit_buildings']), 'buildings', 'delete', false],
    ['banks list is open to everyone', user([]), 'banks', 'list', true],
    ['add_banks adds a bank', user(['add_banks']), 'banks', 'create', true],
    ['properties list: view_bookings suffices', user(['view_bookings']), 'properties', 'list', true],
    ['prices list needs view_prices', user(['view_properties']), 'prices', 'list', false],
    ['agent files: edit_agents suffices', user(['edit_agents']), 'agents', 'files', true],
    ['barter files: add_barters suffices', user(['add_barters']), 'barter', 'files', true],
    [
      'advance payments edit by edit_advanced_payments',
      user(['edit_advanced_payments']),
      'advance-payments',
      'edit',
      true,
    ],
    ['customers list: view_only_own_customers suffices', user(['view_only_own_customers']), 'customers', 'list', true],
    ['overdue letters need send_cancellation_notification', user(['view_sales']), 'overdue-sales', 'notify', false],
    ['currency rates are fetched with add_payments', user(['add_payments']), 'currency-rates', 'fetch', true],
    ['invoices are added with add_invoices', user(['view_sales']), 'invoices', 'create', false],
    ['the company is edited with edit_general_company', user(['edit_general_company']), 'company', 'edit', true],
    ['/role-permission is for admins only', user(['view_role_permissions']), 'role-permission', 'list', false],
    [
      'an admin with view_role_permissions opens it',
      user(['view_role_permissions'], ['admin']),
      'role-permission',
      'list',
      true,
    ],
    ['an admin without the permission does not', user([], ['admin']), 'role-permission', 'list', false],
    ['a resource not named is open', user([]), 'documents', 'list', true],
    ['an action not named is open', user([]), 'buildings', 'export', true],
  ];
  it.each(cases)('%s', (_name, subject, resource, action, expected) => {
    expect(canAccess(subject, resource, action)).toBe(expected);
  });

  it('every permission a rule names exists (or is ANY)', () => {
    const named = Object.values(ACCESS).flatMap((rules) => Object.values(rules).flatMap((rule) => rule.anyOf));
    expect(named.filter((p) => p !== ANY && !(PERMISSIONS as readonly string[]).includes(p))).toEqual([]);
  });

  it('the admin role (every permission) may do everything', () => {
    const admin = user([...DEFAULT_ROLE_PERMISSIONS.admin], ['admin']);
    for (const [resource, rules] of Object.entries(ACCESS))
      for (const action of Object.keys(rules))
        expect([resource, action, canAccess(admin, resource, action)]).toEqual([resource, action, true]);
  });
});

describe('canAccess agrees with the menu', () => {
  const flags: ModuleFlags = {
    saleType: true,
    overdueLetters: true,
    bonusModule: true,
    services: true,
    saleAgentModule: true,
    tasks: true,
  };
  const listed: Record<string, string> = {
    '/buildings': 'buildings',
    '/reservation': 'pre-sale-bookings',
    '/properties': 'properties',
    '/sales': 'sales',
    '/payment-schedules': 'payment-schedules',
    '/overdue-sales': 'overdue-sales',
    '/invoices': 'invoices',
    '/bookings': 'bookings',
    '/barter': 'barter',
    '/advance-payments': 'advance-payments',
    '/features': 'property-features',
    '/banks': 'banks',
    '/bank-accounts': 'bank-accounts',
    '/users': 'users',
    '/customers': 'customers',
    '/agents': 'agents',
    '/trashed-sales': 'trashed-sales',
  };
  it.each(Object.entries(listed))(
    '%s: the menu entry and the list rule open for the same permissions',
    (path, resource) => {
      expect(menuLeaves().some((leaf) => leaf.path === path)).toBe(true);
      for (const permission of [...PERMISSIONS, 'none']) {
        const subject = user([permission]);
        expect([permission, canAccess(subject, resource, 'list')]).toEqual([
          permission,
          canOpen(path, { permissions: [permission], flags }),
        ]);
      }
    },
  );
});

describe('holdsAny and canGrant', () => {
  it('ANY is held by everyone; otherwise one of them', () => {
    expect(holdsAny([], [ANY])).toBe(true);
    expect(holdsAny(['a'], ['b', 'a'])).toBe(true);
    expect(holdsAny(['a'], ['b'])).toBe(false);
  });
  it('a role gets only a permission its editor holds', () => {
    expect(canGrant(user(['edit_role_permissions', 'view_sales']), 'view_sales')).toBe(true);
    expect(canGrant(user(['edit_role_permissions']), 'view_sales')).toBe(false);
    expect(canGrant(user(['view_sales']), 'view_sales')).toBe(false);
    expect(canGrant(undefined, 'view_sales')).toBe(false);
  });
});
