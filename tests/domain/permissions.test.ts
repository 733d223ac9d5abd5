import { describe, it, expect } from 'vitest';
import {
  ANY,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_GROUPS,
  ROLE_NAMES,
  ineffectiveOwnOnly,
  isPermission,
} from '../../domain/permissions';
import { menuLeaves } from '../../domain/menu';

/** The special names beside view_|add_|edit_|delete_<resource>. */
const SPECIAL = [
  'all_buildings_access',
  'view_only_own_sales',
  'view_only_own_customers',
  'can_be_responsible_sale_manager',
  'send_cancellation_notification',
  'view_canceled_sales',
  'view_all_logs',
  'view_own_logs',
];

describe('PERMISSIONS', () => {
  it('names are unique', () => {
    const dupes = PERMISSIONS.filter((p, i) => PERMISSIONS.indexOf(p) !== i);
    expect(dupes).toEqual([]);
  });

  it('PERMISSIONS is exactly the union of PERMISSION_GROUPS', () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.values(PERMISSION_GROUPS).flat().sort());
  });

  it('names follow view_/add_/edit_/delete_<resource> or are special', () => {
    const odd = PERMISSIONS.filter((p) => !/^(view|add|edit|delete)_[a-z]+(_[a-z]+)*$/.test(p) && !SPECIAL.includes(p));
    expect(odd).toEqual([]);
  });

  it('every special name exists', () => {
    for (const p of SPECIAL) expect(PERMISSIONS).toContain(p);
  });

  it('ANY is not a grantable permission', () => {
    expect(PERMISSIONS).not.toContain(ANY);
    expect(isPermission(ANY)).toBe(false);
  });

  it('every permission the menu uses (except ANY) exists', () => {
    const used = menuLeaves()
      .flatMap((l) => l.permissions)
      .filter((p) => p !== ANY);
    expect(used.filter((p) => !isPermission(p))).toEqual([]);
  });

  it('the building card, building scope and responsible manager permissions exist', () => {
    for (const p of ['edit_buildings', 'delete_buildings', 'all_buildings_access', 'can_be_responsible_sale_manager'])
      expect(isPermission(p)).toBe(true);
  });

  it('isPermission rejects unknown names', () => {
    expect(isPermission('view_everything')).toBe(false);
    expect(isPermission('')).toBe(false);
  });
});

describe('DEFAULT_ROLE_PERMISSIONS', () => {
  it('has exactly the six roles', () => {
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...ROLE_NAMES].sort());
    expect([...ROLE_NAMES].sort()).toEqual(
      ['accountant', 'admin', 'booking_registrar', 'client_manager', 'property_registrar', 'sales_manager'].sort(),
    );
  });

  it.each(ROLE_NAMES)('%s has only known permissions, each once', (role) => {
    const perms = DEFAULT_ROLE_PERMISSIONS[role];
    expect(perms.filter((p) => !isPermission(p))).toEqual([]);
    expect(new Set(perms).size).toBe(perms.length);
  });

  it('admin has every permission', () => {
    expect([...DEFAULT_ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('accountant has all_buildings_access and reads sales, customers and properties', () => {
    const acc = DEFAULT_ROLE_PERMISSIONS.accountant;
    for (const p of ['all_buildings_access', 'view_sales', 'view_customers', 'view_properties', 'view_reports'])
      expect(acc).toContain(p);
    expect(acc).not.toContain('edit_sales');
    expect(acc).not.toContain('delete_sales');
  });

  it('sales_manager may be a responsible sale manager', () => {
    expect(DEFAULT_ROLE_PERMISSIONS.sales_manager).toContain('can_be_responsible_sale_manager');
  });

  it('only admin and accountant get all_buildings_access', () => {
    const holders = ROLE_NAMES.filter((r) => DEFAULT_ROLE_PERMISSIONS[r].includes('all_buildings_access'));
    expect(holders.sort()).toEqual(['accountant', 'admin']);
  });

  it('only admin may manage roles', () => {
    const holders = ROLE_NAMES.filter((r) => DEFAULT_ROLE_PERMISSIONS[r].some((p) => p.endsWith('_role_permissions')));
    expect(holders).toEqual(['admin']);
  });
});

describe('ineffectiveOwnOnly', () => {
  it('names an "only own" permission held beside its broad twin, and nothing else', () => {
    expect(ineffectiveOwnOnly(['view_sales', 'view_only_own_sales', 'view_only_own_customers'])).toEqual([
      'view_only_own_sales',
    ]);
    expect(ineffectiveOwnOnly(['view_only_own_sales', 'view_customers'])).toEqual([]);
    expect(ineffectiveOwnOnly(['view_customers', 'view_only_own_customers'])).toEqual(['view_only_own_customers']);
  });

  it('finds none in a built-in role but the administrator’s, who holds everything', () => {
    const contradicting = ROLE_NAMES.filter(
      (r) => r !== 'admin' && ineffectiveOwnOnly(DEFAULT_ROLE_PERMISSIONS[r]).length,
    );
    expect(contradicting).toEqual([]);
  });

  it('leaves the sales manager its own sales only, and every customer', () => {
    expect(DEFAULT_ROLE_PERMISSIONS.sales_manager).toContain('view_only_own_sales');
    expect(DEFAULT_ROLE_PERMISSIONS.sales_manager).not.toContain('view_sales');
    expect(DEFAULT_ROLE_PERMISSIONS.sales_manager).toContain('view_customers');
  });
});
