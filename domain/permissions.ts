/**
 * Every permission the product knows. Role defaults live beside them; both are seeded and editable in /role-permission.
 */

export const ANY = 'ANY' as const;

const crud = <R extends string>(resource: R) =>
  [`view_${resource}`, `add_${resource}`, `edit_${resource}`, `delete_${resource}`] as const;

/** Permissions grouped by the resource they govern; the grid of /role-permission shows them in this order. */
export const PERMISSION_GROUPS = {
  general_company: ['view_general_company', 'edit_general_company'],
  buildings: [...crud('buildings'), 'all_buildings_access'],
  properties: crud('properties'),
  property_features: crud('property_features'),
  prices: crud('prices'),
  pre_sale_bookings: crud('pre_sale_bookings'),
  bookings: crud('bookings'),
  barters: crud('barters'),
  sales: [...crud('sales'), 'view_only_own_sales', 'view_canceled_sales', 'send_cancellation_notification'],
  payments: crud('payments'),
  invoices: ['view_invoices', 'add_invoices'],
  advanced_payments: crud('advanced_payments'),
  customers: [...crud('customers'), 'view_only_own_customers'],
  agents: crud('agents'),
  bonus_schemas: crud('bonus_schemas'),
  sale_targets: crud('sale_targets'),
  banks: crud('banks'),
  bank_accounts: crud('bank_accounts'),
  services: crud('services'),
  service_containers: crud('service_containers'),
  doc_templates: crud('doc_templates'),
  custom_fields: crud('custom_fields'),
  reports: ['view_reports'],
  notifications: ['view_notifications', 'add_notifications'],
  notification_logs: ['view_notification_logs'],
  notification_templates: ['view_notification_templates', 'edit_notification_templates'],
  logs: ['view_all_logs', 'view_own_logs'],
  tasks: crud('tasks'),
  tickets: crud('tickets'),
  users: [...crud('users'), 'can_be_responsible_sale_manager'],
  role_permissions: crud('role_permissions'),
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

export const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

export const ROLE_NAMES = [
  'admin',
  'accountant',
  'sales_manager',
  'property_registrar',
  'booking_registrar',
  'client_manager',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const all = (...groups: PermissionGroup[]) => groups.flatMap((g) => [...PERMISSION_GROUPS[g]]);
const viewOf = (...groups: PermissionGroup[]) =>
  groups.flatMap((g) => PERMISSION_GROUPS[g].filter((p) => p.startsWith('view_')));

/** The default permissions of each seeded role. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  admin: PERMISSIONS,
  accountant: [
    'all_buildings_access',
    'view_sales',
    'view_customers',
    'view_properties',
    'view_buildings',
    ...all('payments', 'invoices', 'advanced_payments', 'reports'),
    'view_banks',
    'view_bank_accounts',
    'view_own_logs',
  ],
  sales_manager: [
    ...all('customers', 'bookings', 'pre_sale_bookings', 'agents'),
    'add_sales',
    'edit_sales',
    'view_only_own_sales',
    'view_bonus_schemas',
    'view_sale_targets',
    'view_properties',
    'view_buildings',
    'can_be_responsible_sale_manager',
    'view_own_logs',
  ].filter((p) => p !== 'view_only_own_customers') as Permission[],
  property_registrar: [...all('buildings', 'properties', 'property_features', 'prices')].filter(
    (p) => p !== 'all_buildings_access',
  ),
  // every customer: a booking names one, and the registrar adds none
  booking_registrar: [...all('bookings', 'pre_sale_bookings'), ...viewOf('properties', 'buildings'), 'view_customers'],
  client_manager: [
    ...all('customers', 'tasks', 'tickets', 'notifications').filter((p) => p !== 'view_customers'),
    'view_own_logs',
  ],
};

/** Each "only own" permission and its broad twin, beside which it changes nothing (view_sales shows every sale). */
export const OWN_ONLY_TWINS = {
  view_only_own_sales: 'view_sales',
  view_only_own_customers: 'view_customers',
} as const satisfies Partial<Record<Permission, Permission>>;
export type OwnOnlyPermission = keyof typeof OWN_ONLY_TWINS;

/** The "only own" permissions among `held` that have no effect, their broad twin being held too. */
export const ineffectiveOwnOnly = (held: readonly string[]): OwnOnlyPermission[] =>
  (Object.keys(OWN_ONLY_TWINS) as OwnOnlyPermission[]).filter(
    (own) => held.includes(own) && held.includes(OWN_ONLY_TWINS[own]),
  );

/** The four actions most permissions are made of: `view_sales` is view × sales. */
export const PERMISSION_ACTIONS = ['view', 'add', 'edit', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/**
 * How a permission is worded (/role-permission showed raw codes): its group, and its action when it is one
 * of the four over its group (`edit_customers`); null for the permissions with a meaning of their own
 * (`view_only_own_sales`), which the catalogues name one by one (`permission_texts.names`).
 */
export function permissionWording(permission: string): { group: PermissionGroup; action: PermissionAction | null } {
  const group = (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).find((g) =>
    (PERMISSION_GROUPS[g] as readonly string[]).includes(permission),
  );
  if (!group) throw new Error(`unknown permission: ${permission}`);
  const action = PERMISSION_ACTIONS.find((a) => permission === `${a}_${group}`) ?? null;
  return { group, action };
}
