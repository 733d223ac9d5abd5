import { ANY } from './permissions';
import type { ModuleFlags } from './config';
import { holdsAny } from './access';

export interface MenuLeaf {
  tag: string;
  path: string;
  /** Any one of these suffices; ANY shows the entry to everyone. */
  permissions: readonly string[];
  hidden?: boolean;
  /** The entry is shown only while this flag is on. */
  flag?: keyof ModuleFlags;
}

export interface MenuGroup {
  tag: string;
  children: readonly MenuLeaf[];
}

export type MenuNode = MenuLeaf | MenuGroup;

export const isMenuGroup = (node: MenuNode): node is MenuGroup => 'children' in node;

const leaf = (tag: string, path: string, permissions: string | string[], extra: Partial<MenuLeaf> = {}): MenuLeaf => ({
  tag,
  path,
  permissions: Array.isArray(permissions) ? permissions : [permissions],
  ...extra,
});

/** The side menu: every route, its permission, its group and the flags that hide it. */
export const MENU: readonly MenuNode[] = [
  leaf('home', '/', ANY),
  leaf('company', '/company', 'view_general_company'),
  leaf('buildings', '/buildings', 'view_buildings'),
  {
    tag: 'bookings_group',
    children: [
      leaf('reservation', '/reservation', 'view_pre_sale_bookings', { flag: 'saleAgentModule' }),
      leaf('pre_bookings', '/reservation/create', 'add_pre_sale_bookings', { flag: 'saleAgentModule' }),
    ],
  },
  {
    tag: 'properties_group',
    children: [
      leaf('properties', '/properties', ['view_properties', 'view_bookings', 'view_barters']),
      leaf('sales', '/sales', ['view_sales', 'view_only_own_sales']),
      leaf('payment_schedules', '/payment-schedules', ['view_sales', 'view_only_own_sales']),
      leaf('overdue_sales', '/overdue-sales', 'send_cancellation_notification', { flag: 'overdueLetters' }),
      leaf('invoices', '/invoices', 'view_sales'),
      leaf('reports', '/reports', 'view_reports'),
      leaf('bookings', '/bookings', 'view_bookings', { flag: 'saleType' }),
      leaf('barter', '/barter', 'view_barters'),
      leaf('advance_payments', '/advance-payments', 'view_advanced_payments', { hidden: true }),
      leaf('features', '/features', 'view_property_features'),
      leaf('documents', '/documents', 'view_advanced_payments', { hidden: true }),
    ],
  },
  {
    tag: 'banks_group',
    children: [
      leaf('banks', '/banks', [ANY, 'view_services']),
      leaf('bank_accounts', '/bank-accounts', [ANY, 'view_services']),
    ],
  },
  {
    tag: 'services_group',
    children: [
      leaf('services', '/services', 'view_services', { flag: 'services' }),
      leaf('service_payments', '/services/payments', 'view_services', { flag: 'services' }),
      leaf('service_containers', '/service-containers', 'view_service_containers', { flag: 'services' }),
    ],
  },
  leaf('role_permission', '/role-permission', 'view_role_permissions'),
  leaf('employees', '/users', 'view_users'),
  leaf('customers', '/customers', ['view_customers', 'view_only_own_customers']),
  leaf('agents', '/agents', 'view_agents'),
  leaf('bonuses', '/bonuses', 'view_bonus_schemas', { flag: 'bonusModule' }),
  {
    tag: 'templates_group',
    children: [
      leaf('templates', '/templates', 'view_doc_templates'),
      leaf('custom_fields', '/templates/custom-fields', 'view_custom_fields'),
    ],
  },
  leaf('statistics', '/statistics', 'view_reports'),
  leaf('notification_logs', '/notification-logs', 'view_notification_logs'),
  leaf('logs', '/logs', ['view_all_logs', 'view_own_logs']),
  { tag: 'canceled_group', children: [leaf('trashed_sales', '/trashed-sales', 'view_canceled_sales')] },
];

export interface MenuContext {
  permissions: readonly string[];
  flags: ModuleFlags;
  exclusions: readonly string[];
}

export const isLeafVisible = (entry: MenuLeaf, ctx: MenuContext): boolean =>
  !entry.hidden &&
  !ctx.exclusions.includes(entry.tag) &&
  (entry.flag === undefined || ctx.flags[entry.flag]) &&
  holdsAny(ctx.permissions, entry.permissions);

/** The menu a user sees: hidden, excluded, flagged-off and unpermitted entries removed, empty groups dropped. */
export const visibleMenu = (ctx: MenuContext, menu: readonly MenuNode[] = MENU): MenuNode[] =>
  menu.flatMap((node): MenuNode[] => {
    if (!isMenuGroup(node)) return isLeafVisible(node, ctx) ? [node] : [];
    if (ctx.exclusions.includes(node.tag)) return [];
    const children = node.children.filter((child) => isLeafVisible(child, ctx));
    return children.length > 0 ? [{ ...node, children }] : [];
  });

/** Every leaf, hidden ones included: the router needs a page for each of them. */
export const menuLeaves = (menu: readonly MenuNode[] = MENU): MenuLeaf[] =>
  menu.flatMap((node) => (isMenuGroup(node) ? [...node.children] : [node]));

/** Whether a user may open a route at all (hidden entries are reachable by their address). */
export const canOpen = (path: string, ctx: Omit<MenuContext, 'exclusions'>): boolean => {
  const entry = menuLeaves().find((e) => e.path === path);
  if (!entry) return true;
  return (entry.flag === undefined || ctx.flags[entry.flag]) && holdsAny(ctx.permissions, entry.permissions);
};

/**
 * The entry a page belongs to: the leaf whose path is the longest that starts the address ('/' only for itself), so
 * `/services/payments` is the services' payments, not the services as well.
 */
export const activeMenuTag = (menu: readonly MenuNode[], pathname: string): string | null => {
  let found: MenuLeaf | null = null;
  for (const entry of menuLeaves(menu)) {
    const owns =
      entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
    if (owns && (!found || entry.path.length > found.path.length)) found = entry;
  }
  return found?.tag ?? null;
};
