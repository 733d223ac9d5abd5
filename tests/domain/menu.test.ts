import { describe, it, expect } from 'vitest';
import {
  MENU,
  activeMenuTag,
  canOpen,
  isMenuGroup,
  menuLeaves,
  visibleMenu,
  type MenuContext,
  type MenuNode,
} from '../../domain/menu';
import { ANY, DEFAULT_ROLE_PERMISSIONS } from '../../domain/permissions';
import type { ModuleFlags } from '../../domain/config';

const ALL_ON: ModuleFlags = {
  saleType: true,
  overdueLetters: true,
  bonusModule: true,
  services: true,
  saleAgentModule: true,
  tasks: true,
};
const ALL_OFF: ModuleFlags = {
  saleType: false,
  overdueLetters: false,
  bonusModule: false,
  services: false,
  saleAgentModule: false,
  tasks: false,
};

const ctx = (permissions: string[], flags: Partial<ModuleFlags> = {}, exclusions: string[] = []): MenuContext => ({
  permissions,
  flags: { ...ALL_ON, ...flags },
  exclusions,
});

/** Paths of every leaf the user sees, in menu order. */
const paths = (menu: MenuNode[]) => menu.flatMap((n) => (isMenuGroup(n) ? n.children.map((c) => c.path) : [n.path]));
const groupTags = (menu: MenuNode[]) => menu.filter(isMenuGroup).map((g) => g.tag);
const sees = (c: MenuContext, path: string) => paths(visibleMenu(c)).includes(path);

describe('the side menu table', () => {
  /** Every menu route and the permissions that open it; '/' (home) is one of the extra labels the menu carries. */
  const EXPECTED: Record<string, string[]> = {
    '/': [ANY],
    '/company': ['view_general_company'],
    '/buildings': ['view_buildings'],
    '/reservation': ['view_pre_sale_bookings'],
    '/reservation/create': ['add_pre_sale_bookings'],
    '/properties': ['view_properties', 'view_bookings', 'view_barters'],
    '/sales': ['view_sales', 'view_only_own_sales'],
    '/payment-schedules': ['view_sales', 'view_only_own_sales'],
    '/overdue-sales': ['send_cancellation_notification'],
    '/invoices': ['view_sales'],
    '/reports': ['view_reports'],
    '/bookings': ['view_bookings'],
    '/barter': ['view_barters'],
    '/advance-payments': ['view_advanced_payments'],
    '/features': ['view_property_features'],
    '/documents': ['view_advanced_payments'],
    '/service-containers': ['view_service_containers'],
    '/banks': [ANY, 'view_services'],
    '/bank-accounts': [ANY, 'view_services'],
    '/services': ['view_services'],
    '/services/payments': ['view_services'],
    '/role-permission': ['view_role_permissions'],
    '/users': ['view_users'],
    '/customers': ['view_customers', 'view_only_own_customers'],
    '/agents': ['view_agents'],
    '/bonuses': ['view_bonus_schemas'],
    '/templates': ['view_doc_templates'],
    '/templates/custom-fields': ['view_custom_fields'],
    '/statistics': ['view_reports'],
    '/notification-logs': ['view_notification_logs'],
    '/logs': ['view_all_logs', 'view_own_logs'],
    '/trashed-sales': ['view_canceled_sales'],
  };

  it('menuLeaves() has exactly the routes and permissions of the table', () => {
    const actual = Object.fromEntries(menuLeaves().map((l) => [l.path, [...l.permissions].sort()]));
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([p, perms]) => [p, [...perms].sort()]));
    expect(actual).toEqual(expected);
  });

  it('no route appears twice', () => {
    const all = menuLeaves().map((l) => l.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it('exactly /advance-payments and /documents are hidden entries', () => {
    expect(
      menuLeaves()
        .filter((l) => l.hidden)
        .map((l) => l.path)
        .sort(),
    ).toEqual(['/advance-payments', '/documents']);
  });

  it('groups hold their listed children', () => {
    const groups = Object.fromEntries(MENU.filter(isMenuGroup).map((g) => [g.tag, g.children.map((c) => c.path)]));
    expect(groups.bookings_group.sort()).toEqual(['/reservation', '/reservation/create']);
    expect(groups.properties_group.sort()).toEqual(
      [
        '/properties',
        '/sales',
        '/payment-schedules',
        '/overdue-sales',
        '/invoices',
        '/reports',
        '/bookings',
        '/barter',
        '/advance-payments',
        '/features',
        '/documents',
      ].sort(),
    );
    expect(groups.banks_group.sort()).toEqual(['/bank-accounts', '/banks']);
    expect(groups.services_group).toEqual(expect.arrayContaining(['/services', '/services/payments']));
    expect(groups.templates_group.sort()).toEqual(['/templates', '/templates/custom-fields']);
    expect(groups.canceled_group).toEqual(['/trashed-sales']);
  });

  it('the menu carries the home, employees, pre_bookings and custom_fields labels as tags', () => {
    const tags = menuLeaves().map((l) => l.tag);
    expect(tags).toEqual(expect.arrayContaining(['home', 'employees', 'pre_bookings', 'custom_fields']));
    const tagSet = new Set([...tags, ...MENU.filter(isMenuGroup).map((g) => g.tag)]);
    expect(tagSet.size).toBe(tags.length + MENU.filter(isMenuGroup).length);
  });
});

describe('visibleMenu rules', () => {
  it('ANY shows an entry to a user with no permissions (banks, bank-accounts, home)', () => {
    const menu = visibleMenu(ctx([], ALL_OFF));
    expect(paths(menu).sort()).toEqual(['/', '/bank-accounts', '/banks']);
    expect(groupTags(menu)).toEqual(['banks_group']);
  });

  it('hidden entries never show, even with their permission and every flag on', () => {
    const c = ctx(['view_advanced_payments']);
    expect(sees(c, '/advance-payments')).toBe(false);
    expect(sees(c, '/documents')).toBe(false);
    expect(groupTags(visibleMenu(c))).not.toContain('properties_group');
  });

  it('canOpen lets a permitted user open a hidden entry, and not an unpermitted one', () => {
    expect(canOpen('/advance-payments', { permissions: ['view_advanced_payments'], flags: ALL_ON })).toBe(true);
    expect(canOpen('/documents', { permissions: ['view_advanced_payments'], flags: ALL_ON })).toBe(true);
    expect(canOpen('/advance-payments', { permissions: ['view_sales'], flags: ALL_ON })).toBe(false);
    expect(canOpen('/documents', { permissions: [], flags: ALL_ON })).toBe(false);
  });

  it('canOpen honours permissions and flags of ordinary entries', () => {
    expect(canOpen('/buildings', { permissions: ['view_buildings'], flags: ALL_OFF })).toBe(true);
    expect(canOpen('/buildings', { permissions: ['view_sales'], flags: ALL_ON })).toBe(false);
    expect(canOpen('/bookings', { permissions: ['view_bookings'], flags: { ...ALL_ON, saleType: false } })).toBe(false);
    expect(canOpen('/banks', { permissions: [], flags: ALL_OFF })).toBe(true);
  });

  it('an excluded leaf tag hides that entry only', () => {
    const perms = ['view_buildings', 'view_general_company'];
    expect(sees(ctx(perms), '/buildings')).toBe(true);
    const c = ctx(perms, {}, ['buildings']);
    expect(sees(c, '/buildings')).toBe(false);
    expect(sees(c, '/company')).toBe(true);
  });

  it('excluding a group tag hides the whole group', () => {
    const perms = ['view_doc_templates', 'view_custom_fields'];
    expect(groupTags(visibleMenu(ctx(perms)))).toContain('templates_group');
    const menu = visibleMenu(ctx(perms, {}, ['templates_group']));
    expect(groupTags(menu)).not.toContain('templates_group');
    expect(paths(menu)).not.toContain('/templates');
    expect(paths(menu)).not.toContain('/templates/custom-fields');
  });

  it('excluding every child of a group drops the group', () => {
    const menu = visibleMenu(ctx([], {}, ['banks', 'bank_accounts']));
    expect(groupTags(menu)).not.toContain('banks_group');
    expect(paths(menu)).toEqual(['/']);
  });

  it('the Canceled group appears only with view_canceled_sales', () => {
    expect(groupTags(visibleMenu(ctx(['view_sales'])))).not.toContain('canceled_group');
    const menu = visibleMenu(ctx(['view_canceled_sales']));
    const group = menu.filter(isMenuGroup).find((g) => g.tag === 'canceled_group');
    expect(group?.children.map((c) => c.path)).toEqual(['/trashed-sales']);
  });

  it('a group keeps only surviving children (Templates with only view_custom_fields)', () => {
    const group = visibleMenu(ctx(['view_custom_fields']))
      .filter(isMenuGroup)
      .find((g) => g.tag === 'templates_group');
    expect(group?.children.map((c) => c.path)).toEqual(['/templates/custom-fields']);
    // The source menu is not mutated by filtering.
    expect(MENU.filter(isMenuGroup).find((g) => g.tag === 'templates_group')?.children).toHaveLength(2);
  });

  it('bookings shows only while saleType is on', () => {
    expect(sees(ctx(['view_bookings'], { saleType: true }), '/bookings')).toBe(true);
    expect(sees(ctx(['view_bookings'], { saleType: false }), '/bookings')).toBe(false);
  });

  it('overdue-sales shows only while overdueLetters is on', () => {
    const perms = ['send_cancellation_notification'];
    expect(sees(ctx(perms, { overdueLetters: true }), '/overdue-sales')).toBe(true);
    expect(sees(ctx(perms, { overdueLetters: false }), '/overdue-sales')).toBe(false);
  });

  it('bonuses shows only while bonusModule is on', () => {
    expect(sees(ctx(['view_bonus_schemas'], { bonusModule: true }), '/bonuses')).toBe(true);
    expect(sees(ctx(['view_bonus_schemas'], { bonusModule: false }), '/bonuses')).toBe(false);
  });

  it('services and services/payments show only while services is on', () => {
    const on = ctx(['view_services'], { services: true });
    const off = ctx(['view_services'], { services: false });
    expect(sees(on, '/services')).toBe(true);
    expect(sees(on, '/services/payments')).toBe(true);
    expect(sees(off, '/services')).toBe(false);
    expect(sees(off, '/services/payments')).toBe(false);
    expect(groupTags(visibleMenu(off))).not.toContain('services_group');
  });

  it('reservation entries show only while saleAgentModule is on', () => {
    const perms = ['view_pre_sale_bookings', 'add_pre_sale_bookings'];
    expect(paths(visibleMenu(ctx(perms, { saleAgentModule: true })))).toEqual(
      expect.arrayContaining(['/reservation', '/reservation/create']),
    );
    const off = visibleMenu(ctx(perms, { saleAgentModule: false }));
    expect(paths(off)).not.toContain('/reservation');
    expect(paths(off)).not.toContain('/reservation/create');
    expect(groupTags(off)).not.toContain('bookings_group');
  });

  it('a flag does not hide unflagged entries', () => {
    expect(sees(ctx(['view_buildings'], ALL_OFF), '/buildings')).toBe(true);
    expect(sees(ctx(['view_barters'], ALL_OFF), '/barter')).toBe(true);
  });

  it.each(['view_properties', 'view_bookings', 'view_barters'])('/properties shows with %s alone', (p) => {
    expect(sees(ctx([p]), '/properties')).toBe(true);
  });

  it('/properties does not show without any of its permissions', () => {
    expect(sees(ctx(['view_sales']), '/properties')).toBe(false);
  });

  it.each(['view_sales', 'view_only_own_sales'])('/sales shows with %s alone', (p) => {
    expect(sees(ctx([p]), '/sales')).toBe(true);
  });

  it('/invoices needs view_sales; view_only_own_sales is not enough', () => {
    expect(sees(ctx(['view_sales']), '/invoices')).toBe(true);
    expect(sees(ctx(['view_only_own_sales']), '/invoices')).toBe(false);
  });

  it.each(['view_all_logs', 'view_own_logs'])('/logs shows with %s alone', (p) => {
    expect(sees(ctx([p]), '/logs')).toBe(true);
  });

  it.each(['view_customers', 'view_only_own_customers'])('/customers shows with %s alone', (p) => {
    expect(sees(ctx([p]), '/customers')).toBe(true);
  });

  it('an unrelated permission shows nothing beyond the ANY entries', () => {
    expect(paths(visibleMenu(ctx(['view_tasks']))).sort()).toEqual(['/', '/bank-accounts', '/banks']);
  });

  it('admin with every flag on sees every non-hidden entry', () => {
    const visible = paths(visibleMenu(ctx([...DEFAULT_ROLE_PERMISSIONS.admin], ALL_ON)));
    const expected = menuLeaves()
      .filter((l) => !l.hidden)
      .map((l) => l.path);
    expect(visible).toEqual(expected);
    expect(groupTags(visibleMenu(ctx([...DEFAULT_ROLE_PERMISSIONS.admin], ALL_ON)))).toEqual(
      MENU.filter(isMenuGroup).map((g) => g.tag),
    );
  });
});

describe('activeMenuTag', () => {
  const admin = visibleMenu(ctx([...DEFAULT_ROLE_PERMISSIONS.admin]));

  it('names the entry of a list, of its records and of its create page', () => {
    expect(activeMenuTag(admin, '/sales')).toBe('sales');
    expect(activeMenuTag(admin, '/sales/12/show')).toBe('sales');
    expect(activeMenuTag(admin, '/customers/create')).toBe('customers');
  });

  it('takes the longest path: a page of its own inside another entry is not both', () => {
    expect(activeMenuTag(admin, '/services/payments')).toBe('service_payments');
    expect(activeMenuTag(admin, '/services/4')).toBe('services');
    expect(activeMenuTag(admin, '/reservation/create')).toBe('pre_bookings');
    expect(activeMenuTag(admin, '/templates/custom-fields')).toBe('custom_fields');
  });

  it('gives home only to the home page, and nothing to a page outside the menu', () => {
    expect(activeMenuTag(admin, '/')).toBe('home');
    expect(activeMenuTag(admin, '/my-profile')).toBeNull();
    expect(activeMenuTag(admin, '/salesman')).toBeNull();
  });

  it('names no entry the user does not see', () => {
    const agent = visibleMenu(ctx(['view_sales']));
    expect(activeMenuTag(agent, '/customers/3')).toBeNull();
    expect(activeMenuTag(agent, '/sales/3')).toBe('sales');
  });
});
