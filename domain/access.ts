import { ANY, type Permission } from './permissions';

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

/** An accountant who is neither admin nor sales manager reads but does not change sales. */
export const isViewOnly = (user: Pick<Principal, 'roles'>) =>
  user.roles.includes('accountant') && !user.roles.includes('admin') && !user.roles.includes('sales_manager');

/**
 * Which buildings a user may see. `all` for all_buildings_access or the accountant role,
 * otherwise exactly the assigned ones (none assigned: none).
 */
export type BuildingScope = { all: true } | { all: false; buildingIds: readonly number[] };

export const buildingScope = (user: Principal): BuildingScope =>
  user.permissions.includes('all_buildings_access') || user.roles.includes('accountant')
    ? { all: true }
    : { all: false, buildingIds: [...user.buildings] };

export const canSeeBuilding = (scope: BuildingScope, buildingId: number) =>
  scope.all || scope.buildingIds.includes(buildingId);

/**
 * Whether a user holding `held` holds any one of `required` (ANY: everyone).
 * The menu, the routes and the buttons ask this.
 */
export const holdsAny = (held: readonly string[], required: readonly string[]) =>
  required.some((p) => p === ANY || held.includes(p));

/**
 * What a rule needs: any one of these permissions; `changes` also refuses the view-only accountant; `admin` the admin
 * role.
 */
export interface AccessRule {
  anyOf: readonly string[];
  changes?: boolean;
  admin?: boolean;
}

/**
 * The actions react-admin asks about, and the few the screens add
 * (`files`: attach files; `notify`: send letters; `fetch`: fetch rates).
 */
export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'files' | 'notify' | 'fetch' | 'prices';

type Rules = Partial<Record<AccessAction, AccessRule>>;

const any = (...anyOf: string[]): AccessRule => ({ anyOf });
const change = (...anyOf: string[]): AccessRule => ({ anyOf, changes: true });

/** list/show by view_<group> (or the given view permissions), create/edit/delete by add_/edit_/delete_<group>. */
const crud = (group: string, view: readonly string[] = [`view_${group}`]): Rules => ({
  list: { anyOf: view },
  show: { anyOf: view },
  create: any(`add_${group}`),
  edit: any(`edit_${group}`),
  delete: any(`delete_${group}`),
});

/**
 * Resource (react-admin's name, or a page's) × action → the permissions that allow it. The list entries agree with the
 * menu (domain/menu.ts); the others are what the screens have always checked.
 * A resource or action not named here is open.
 */
export const ACCESS: Readonly<Record<string, Rules>> = {
  company: { show: any('view_general_company'), edit: any('edit_general_company') },
  buildings: crud('buildings'),
  banks: { list: any(ANY, 'view_services'), create: any('add_banks'), delete: any('delete_banks') },
  'bank-accounts': {
    list: any(ANY, 'view_services'),
    create: any('add_bank_accounts'),
    delete: any('delete_bank_accounts'),
  },
  properties: {
    ...crud('properties', ['view_properties', 'view_bookings', 'view_barters']),
    prices: any('view_prices'),
  },
  prices: crud('prices'),
  'property-features': crud('property_features'),
  'pre-sale-bookings': crud('pre_sale_bookings'),
  bookings: crud('bookings'),
  barter: { ...crud('barters'), files: any('add_barters', 'edit_barters') },
  sales: {
    list: any('view_sales', 'view_only_own_sales'),
    show: any('view_sales', 'view_only_own_sales'),
    create: change('add_sales'),
    edit: change('edit_sales'),
    delete: change('delete_sales'),
    files: change('edit_sales', 'add_sales'),
  },
  // every installment across the sales the user may see (the accountant's "what falls due")
  'payment-schedules': { list: any('view_sales', 'view_only_own_sales') },
  'trashed-sales': { list: any('view_canceled_sales'), show: any('view_canceled_sales') },
  'overdue-sales': { list: any('send_cancellation_notification'), notify: any('send_cancellation_notification') },
  payments: { create: any('add_payments'), edit: any('edit_payments'), delete: any('delete_payments') },
  'currency-rates': { fetch: any('add_payments') },
  invoices: { list: any('view_sales'), create: any('add_invoices') },
  'advance-payments': crud('advanced_payments'),
  'custom-fields': crud('custom_fields'),
  customers: crud('customers', ['view_customers', 'view_only_own_customers']),
  agents: { ...crud('agents'), files: any('add_agents', 'edit_agents') },
  users: crud('users'),
  'notification-logs': {
    list: any('view_notification_logs'),
    show: any('view_notification_logs'),
    notify: any('add_notifications', 'send_cancellation_notification'),
  },
  'notification-templates': { list: any('view_notification_templates'), edit: any('edit_notification_templates') },
  sms: { create: any('add_notifications') },
  'role-permission': { ...crud('role_permissions'), list: { anyOf: ['view_role_permissions'], admin: true } },
  // every member of staff reads their own notifications; manager mode (everyone's) needs view_notifications
  notifications: { list: any(ANY), show: any(ANY) },
  'manager-notifications': { list: any('view_notifications') },
  // a user reads the tasks they wrote, hold or take part in; the server decides per task who may change it
  tasks: {
    list: any('view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks'),
    show: any('view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks'),
    create: any('add_tasks'),
    edit: any('view_tasks', 'add_tasks', 'edit_tasks'),
    delete: any('delete_tasks'),
  },
  // everyone's tasks (edit_tasks; the admin role holds every permission)
  'all-tasks': { list: any('edit_tasks') },
  tickets: {
    list: any('view_tickets', 'add_tickets', 'edit_tickets', 'delete_tickets'),
    show: any('view_tickets', 'add_tickets', 'edit_tickets', 'delete_tickets'),
    create: any('add_tickets'),
    delete: any('delete_tickets'),
  },
  // everyone's tickets (mode=all)
  'all-tickets': { list: any('edit_tickets') },
  // bonus schemas and their tiers; sale targets; the agents' pay screen (reading fees, marking them paid)
  bonuses: crud('bonus_schemas'),
  'sale-targets': crud('sale_targets'),
  'agents-pay': { list: any('view_agents', 'view_bonus_schemas'), edit: change('edit_sales') },
  services: crud('services'),
  'service-containers': {
    ...crud('service_containers'),
    files: any('add_service_containers', 'edit_service_containers'),
  },
  'renovation-payments': { list: any('view_services', 'view_service_containers') },
  // document and Word templates (/templates); printing a sale's contract from the sale page
  'doc-templates': crud('doc_templates'),
  'word-templates': crud('doc_templates'),
  contracts: { list: any('view_sales', 'view_only_own_sales'), create: change('add_sales', 'edit_sales') },
};

/** Who asks: a user's permissions and roles (the roles matter for the view-only accountant and admin-only pages). */
export type AccessSubject = Pick<Principal, 'permissions'> & Partial<Pick<Principal, 'roles'>>;

/** The one access rule of the browser: whether this user may do `action` on `resource` (ACCESS above; unnamed: yes). */
export const canAccess = (user: AccessSubject | undefined, resource: string, action: string): boolean => {
  if (!user) return false;
  const rule = ACCESS[resource]?.[action as AccessAction];
  if (!rule) return true;
  const roles = user.roles ?? [];
  if (rule.admin && !isAdmin({ roles })) return false;
  if (rule.changes && isViewOnly({ roles })) return false;
  return holdsAny(user.permissions, rule.anyOf);
};

/** Whether the user may hand `permission` to a role: only one they hold themselves (/role-permission). */
export const canGrant = (user: AccessSubject | undefined, permission: string) =>
  Boolean(user && canAccess(user, 'role-permission', 'edit') && user.permissions.includes(permission));
