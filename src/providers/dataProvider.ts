import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import type { Board, BoardBuilding } from '../../domain/contracts/board';
import type { CommentRow, OwnerFile } from '../../domain/contracts/attachments';
import type { Company } from '../../domain/contracts/company';
import type { PropertyRanges } from '../../domain/contracts/properties';
import type { Country, CustomerRelated } from '../../domain/contracts/customers';
import type {
  MessagePreview,
  MessagesWritten,
  MessageTemplate,
  NotificationLog,
} from '../../domain/contracts/customerMessages';
import type { DeliveryStatus, MessageChannel, MessageKind, MessageRules } from '../../domain/customerMessages';
import type { NotificationList, NotificationRecipient, UnreadCount } from '../../domain/contracts/notifications';
import type { ActualTasks, Task, TaskAssignee } from '../../domain/contracts/tasks';
import type {
  Container,
  ContainerDetail,
  ContainerPayment,
  ContainerSale,
  ContainerSaleInfo,
  RenovationBalance,
  RenovationTotals,
} from '../../domain/contracts/containers';
import type { ActivityLog, LogTypes } from '../../domain/contracts/logs';
import type { TicketCategoryChoice, TicketDetail } from '../../domain/contracts/tickets';
import type { FetchedRates, InvoiceDetails, IssuedInvoice, PaymentCalculation } from '../../domain/contracts/payments';
import type { CustomerSale, SaleHistoryRow, SaleTotals } from '../../domain/contracts/sales';
import type { DueTotals } from '../../domain/contracts/paymentSchedules';
import type { Dashboard, ReportAnswers, ReportName, ReportRequest, YearsRange } from '../../domain/contracts/reports';
import { REPORTS } from '../../domain/reports';
import type { PermissionEntry, ResponsibleManager, Role } from '../../domain/contracts/users';
import type {
  AgentPayouts,
  AgentsBonus,
  BonusCalculation,
  BonusMonth,
  BonusSchema,
  BonusSettings,
  BonusTierRow,
  SaleTarget,
} from '../../domain/contracts/bonuses';
import type {
  ContractPreview,
  DocTemplate,
  DocTemplateTypeChoice,
  PlaceholderField,
  PrintTemplate,
  SaleContract,
  WordTemplate,
} from '../../domain/contracts/templates';
import { api } from './httpClient';
import { withCustomFieldValues } from './customFieldValues';
import { ALL_ROWS } from '../widgets/pageSizes';
import { ALL_PAGE_SIZE, everyRow } from './allRows';

/** react-admin resource name → API path, where they differ. */
const PATHS: Record<string, string> = {
  roles: '/role-permission/roles',
  'trashed-sales': '/sales/trashed',
  'manager-notifications': '/manager/notifications',
  'service-containers': '/containers',
  'renovation-payments': '/containers/payments',
};
const pathOf = (resource: string) => PATHS[resource] ?? `/${resource}`;
/** One record's path, where it is not the list path and the id. */
const RECORD_PATHS: Record<string, (id: unknown) => string> = {
  'trashed-sales': (id) => `/sales/${id}/trashed`,
};
const recordPath = (resource: string, id: unknown) => RECORD_PATHS[resource]?.(id) ?? `${pathOf(resource)}/${id}`;

interface ListAnswer<T> {
  data: T[];
  meta?: { total: number; total_estimated?: true };
}

export const listQuery = ({ pagination, sort, filter }: Partial<GetListParams>) => {
  const query = new URLSearchParams();
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perpage', String(Math.min(pagination.perPage, ALL_PAGE_SIZE)));
  }
  if (sort?.field) {
    query.set('sort', sort.field);
    query.set('order', sort.order.toLowerCase());
  }
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const name = key === 'q' ? 'query' : key;
    if (Array.isArray(value)) value.forEach((v) => query.append(`${name}[]`, String(v)));
    else query.set(name, String(value));
  }
  return query;
};

const hasFile = (data: Record<string, unknown>) =>
  Object.values(data).some(
    (v) =>
      v instanceof File ||
      (v && typeof v === 'object' && 'rawFile' in v && (v as { rawFile: unknown }).rawFile instanceof File),
  );

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Records with files go as multipart (arrays as `name[]`; nested objects and lists of them as JSON text), the rest as JSON. */
const encode = (data: Record<string, unknown>, method?: 'PUT' | 'PATCH') => {
  if (!hasFile(data)) return data;
  const form = new FormData();
  if (method) form.append('_method', method);
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(key, value);
    else if (typeof value === 'object' && 'rawFile' in value) {
      const raw = (value as { rawFile?: unknown }).rawFile;
      if (raw instanceof File) form.append(key, raw);
    } else if (Array.isArray(value) && value.some(isPlainObject)) form.append(key, JSON.stringify(value));
    else if (Array.isArray(value)) value.forEach((v) => form.append(`${key}[]`, String(v)));
    else if (isPlainObject(value)) form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
};

/** The print dialog's request: which template, in which language, with the user's date format. */
export interface ContractRequest {
  template_kind: 'word' | 'doc';
  template_id: string;
  locale: string;
  date_format?: string;
}

/** GET /sales/{id}/contracts: the templates to print from, the earlier prints, whether PDF works on this server. */
export interface ContractOptions {
  templates: PrintTemplate[];
  contracts: SaleContract[];
  contract_language: 'ka' | 'en' | 'ru' | null;
  pdf_available: boolean;
}

/** The filters of the delivery log: POST /notification-logs takes them as a JSON body. */
export interface NotificationLogFilter {
  query?: string;
  page?: number;
  perpage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  date_from?: string;
  date_to?: string;
  status?: DeliveryStatus[];
  channel?: MessageChannel;
  type?: MessageKind[];
  sale_id?: number;
  customer_id?: number;
  manual?: boolean;
}

const notificationLogs = (filter: NotificationLogFilter) =>
  api<ListAnswer<NotificationLog>>('/notification-logs', { method: 'POST', body: filter });

/** react-admin's list parameters as the delivery log's body: empty filters left out, `q` as query, by hand as a boolean. */
const notificationLogFilter = ({ pagination, sort, filter }: Partial<GetListParams>): NotificationLogFilter => {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    // a date still being typed is not a filter yet
    if (key.startsWith('date_') && !/^\d{4}-\d{2}-\d{2}$/.test(String(value))) continue;
    body[key === 'q' ? 'query' : key] = key === 'manual' ? value === true || value === 'true' : value;
  }
  if (pagination) Object.assign(body, { page: pagination.page, perpage: Math.min(pagination.perPage, ALL_PAGE_SIZE) });
  if (sort?.field) Object.assign(body, { sort: sort.field, order: sort.order.toLowerCase() });
  return body as NotificationLogFilter;
};

/** The activity log (SPEC §7 POST /logs): the same body conventions as the delivery log. */
const activityLogs = (filter: object) => api<ListAnswer<ActivityLog>>('/logs', { method: 'POST', body: filter });

/** A message to a customer sent by hand: its kind on a sale, or one installment's reminder, or about one payment. */
export type ManualMessage =
  | { kind: 'reminder'; saleId: Identifier; installmentId?: Identifier }
  | { kind: 'overdue'; saleId: Identifier }
  | { kind: 'payment_added' | 'payment_changed'; saleId: Identifier; paymentId?: Identifier };

const manualMessagePath = (message: ManualMessage) => {
  if (message.kind === 'reminder')
    return message.installmentId
      ? `/sales/payment-reminder/${message.installmentId}`
      : `/sales/${message.saleId}/reminder-notification`;
  if (message.kind === 'overdue') return `/sales/${message.saleId}/overdue-notification`;
  return `/sales/${message.saleId}/payment-notification/${message.kind === 'payment_changed' ? 'changed' : 'added'}`;
};
const paymentOf = (message: ManualMessage) =>
  'paymentId' in message && message.paymentId ? { payment_id: Number(message.paymentId) } : {};

/** The standard react-admin methods over the API's conventions (list meta, { data } answers, multipart when there are files). */
const standard: DataProvider = {
  async getList<RecordType extends RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<RecordType>> {
    const readPage = (page: number, perPage: number): Promise<ListAnswer<RecordType>> => {
      const paged = { ...params, pagination: { page, perPage } };
      if (resource === 'notification-logs')
        return notificationLogs(notificationLogFilter(paged)) as unknown as Promise<ListAnswer<RecordType>>;
      if (resource === 'logs')
        return activityLogs(notificationLogFilter(paged)) as unknown as Promise<ListAnswer<RecordType>>;
      return api<ListAnswer<RecordType>>(pathOf(resource), { query: listQuery(paged) });
    };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const answer = perPage >= ALL_ROWS ? await everyRow(readPage) : await readPage(page, perPage);
    // the paginator reads total_estimated ("about N")
    return { data: answer.data, total: answer.meta?.total ?? answer.data.length, meta: answer.meta };
  },
  async getOne<RecordType extends RaRecord>(
    resource: string,
    params: GetOneParams<RecordType>,
  ): Promise<GetOneResult<RecordType>> {
    return api<{ data: RecordType }>(recordPath(resource, params.id));
  },
  async getMany<RecordType extends RaRecord>(
    resource: string,
    params: GetManyParams<RecordType>,
  ): Promise<GetManyResult<RecordType>> {
    // Each record on its own; one that fails to load is left out (wrapped, so the generic record type is not unwrapped by Promise.all).
    const found = await Promise.all(
      params.ids.map((id) =>
        api<{ data: RecordType }>(recordPath(resource, id))
          .then((r) => [r.data])
          .catch(() => []),
      ),
    );
    return { data: found.flat() };
  },
  async getManyReference<RecordType extends RaRecord>(
    resource: string,
    params: GetManyReferenceParams,
  ): Promise<GetManyReferenceResult<RecordType>> {
    const answer = await api<ListAnswer<RecordType>>(pathOf(resource), {
      query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
    });
    return { data: answer.data, total: answer.meta?.total ?? answer.data.length };
  },
  async create<
    RecordType extends Omit<RaRecord, 'id'>,
    ResultRecordType extends RaRecord = RecordType & { id: Identifier },
  >(resource: string, params: CreateParams<RecordType>): Promise<CreateResult<ResultRecordType>> {
    return api<{ data: ResultRecordType }>(pathOf(resource), {
      method: 'POST',
      body: encode(params.data as Record<string, unknown>),
    });
  },
  async update<RecordType extends RaRecord>(
    resource: string,
    params: UpdateParams<RecordType>,
  ): Promise<UpdateResult<RecordType>> {
    // SPEC §7: a task is created and changed through one call, POST tasks (with its id)
    if (resource === 'tasks')
      return api<{ data: RecordType }>('/tasks', { method: 'POST', body: { ...params.data, id: params.id } });
    const body = encode(params.data as Record<string, unknown>, 'PUT');
    return api<{ data: RecordType }>(`${pathOf(resource)}/${params.id}`, {
      method: body instanceof FormData ? 'POST' : 'PUT',
      body,
    });
  },
  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => api(`${pathOf(resource)}/${id}`, { method: 'PUT', body: params.data })));
    return { data: params.ids };
  },
  async delete<RecordType extends RaRecord>(
    resource: string,
    params: DeleteParams<RecordType>,
  ): Promise<DeleteResult<RecordType>> {
    await api(`${pathOf(resource)}/${params.id}`, { method: 'DELETE' });
    // The API answers a deletion without the record: react-admin gets back the one it showed, or its id alone.
    return { data: params.previousData ?? ({ id: params.id } as RecordType) };
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) await api(`${pathOf(resource)}/${id}`, { method: 'DELETE' });
    return { data: params.ids };
  },
};

const dataOf = <T>(answer: Promise<{ data: T }>) => answer.then((r) => r.data);

/** The sale page's history loads this many entries at a time. */
export const SALE_HISTORY_PAGE = 50;
const done = (answer: Promise<unknown>) => answer.then(() => undefined);

/** The calls beyond react-admin's CRUD, named in the business's words; their answers are the contracts of domain/contracts/. */
export const appMethods = {
  // Sales
  saleTotals: (filter: Record<string, unknown>) =>
    dataOf(api<{ data: SaleTotals }>('/sales/totals', { query: listQuery({ filter }) })),
  /** The installments of the payment-schedules page under its filters, summed per currency. */
  dueTotals: (filter: Record<string, unknown>) =>
    dataOf(api<{ data: DueTotals }>('/payment-schedules/totals', { query: listQuery({ filter }) })),
  /** One page of a sale's history, newest first, with how many entries there are. */
  saleHistory: (saleId: Identifier, page = 1, perPage = SALE_HISTORY_PAGE) =>
    api<{ data: SaleHistoryRow[]; meta: { total: number } }>('/sales/sale-histories', {
      query: new URLSearchParams({ sale_id: String(saleId), page: String(page), perpage: String(perPage) }),
    }).then((answer) => ({ data: answer.data, total: answer.meta?.total ?? answer.data.length })),
  replaceSaleSchedule: (saleId: Identifier, terms: Record<string, unknown>) =>
    done(api('/sales/addPaymentSchedule', { method: 'POST', body: { sale_id: saleId, ...terms } })),
  changeSaleUnits: (saleId: Identifier, change: Record<string, unknown>) =>
    done(api(`/sales/${saleId}/update-properties`, { method: 'PATCH', body: change })),
  cancelSale: (saleId: Identifier, cancellation: { date: unknown; reason: unknown }) =>
    done(api(`/sales/${saleId}/delete-with-comment`, { method: 'POST', body: cancellation })),
  switchAgentFeeStatus: (saleId: Identifier) => done(api(`/sales/agentFeeStatus/${saleId}`, { method: 'PUT' })),
  customerSales: (customerId: Identifier) =>
    dataOf(
      api<{ data: CustomerSale[] }>('/sales/getSalesByCustomer', { method: 'POST', body: { customer_id: customerId } }),
    ),
  sendOverdueNotice: (saleId: Identifier, note?: string) =>
    done(api('/overdue-sales', { method: 'POST', body: { sale_id: saleId, ...(note ? { note } : {}) } })),
  // Payments and invoices
  previewPayment: (payment: { sale_id: Identifier; amount: number; currency: string; paid_on: string; mode: string }) =>
    dataOf(api<{ data: PaymentCalculation }>('/payments/calculatePayment', { method: 'POST', body: payment })),
  /** POST /payments/pay with an Idempotency-Key (DESIGN §4): one per opened dialog, so a repeated click records once. */
  recordPayment: (payment: Record<string, unknown>, idempotencyKey: string) =>
    done(api('/payments/pay', { method: 'POST', body: payment, headers: { 'Idempotency-Key': idempotencyKey } })),
  correctPayment: (paymentId: Identifier, payment: Record<string, unknown>) =>
    done(api(`/payments/${paymentId}`, { method: 'PUT', body: payment })),
  deletePayment: (payment: { id: Identifier; mode: string }, saleId: Identifier) =>
    done(api(`/payments/${payment.mode}/${payment.id}/${saleId}`, { method: 'DELETE' })),
  issueInvoice: (subject: {
    saleId: Identifier;
    installmentId?: Identifier;
    renovation?: boolean;
    containerInstallmentId?: Identifier;
  }) =>
    dataOf(
      api<{ data: IssuedInvoice }>('/invoices', {
        method: 'POST',
        body: {
          sale_id: subject.saleId,
          ...(subject.renovation ? { mode: 'renovation' } : {}),
          ...(subject.installmentId ? { installment_id: subject.installmentId } : {}),
          ...(subject.containerInstallmentId ? { container_installment_id: subject.containerInstallmentId } : {}),
        },
      }),
    ),
  /** GET /invoices/{id}: the invoice as printed (the list's rows hold less, so the print page asks for it itself). */
  invoice: (invoiceId: Identifier) => dataOf(api<{ data: InvoiceDetails }>(`/invoices/${invoiceId}`)),
  fetchCurrencyRates: (period: { date_from: string; date_to: string }) =>
    dataOf(api<{ data: FetchedRates }>('/currency-rates/fetch', { method: 'POST', body: period })),
  // Units and the board
  splitUnit: (unitId: Identifier, split: Record<string, unknown>) =>
    done(api(`/properties/split/${unitId}`, { method: 'POST', body: split })),
  /** The ends of the units list's range sliders: area, price and floor over the units in scope (of some complexes). */
  propertyRanges: (buildingIds: readonly Identifier[] = []) =>
    dataOf(
      api<{ data: PropertyRanges }>('/properties/ranges', {
        query: new URLSearchParams(buildingIds.map((id) => ['building_id', String(id)])),
      }),
    ),
  boardBuildings: () => dataOf(api<{ data: BoardBuilding[] }>('/board')),
  board: (buildingId: Identifier, query: URLSearchParams) =>
    dataOf(api<{ data: Board }>(`/board/${buildingId}`, { query })),
  changeReservationStatus: (reservationId: Identifier, status: string) =>
    done(api(`/pre-sale-bookings/${reservationId}/change-status`, { method: 'POST', body: { status } })),
  // Customers, users, roles, the company
  countries: () => dataOf(api<{ data: Country[] }>('/countries')),
  customerRelated: (customerId: Identifier) =>
    dataOf(api<{ data: CustomerRelated }>(`/customers/${customerId}/related`)),
  responsibleManagers: () => dataOf(api<{ data: ResponsibleManager[] }>('/users/responsible-managers')),
  updateMyProfile: (form: FormData) => done(api('/users/me', { method: 'POST', body: form })),
  changeMyPassword: (passwords: { current_password: string; password: string; password_confirmation: string }) =>
    done(api('/users/me/update-password', { method: 'PUT', body: passwords })),
  roles: () => dataOf(api<{ data: Role[] }>('/role-permission/roles')),
  permissionCatalogue: () => dataOf(api<{ data: PermissionEntry[] }>('/role-permission/permissions')),
  saveRole: (role: { id?: number; name: string; permissions: string[] }) =>
    done(api('/role-permission/roles', { method: 'POST', body: role })),
  deleteRole: (roleId: Identifier) => done(api(`/role-permission/roles/${roleId}`, { method: 'DELETE' })),
  company: () => dataOf(api<{ data: Company | null }>('/company')),
  saveCompany: (form: FormData) => dataOf(api<{ data: Company }>('/company', { method: 'POST', body: form })),
  // Staff's notifications: the bell asks for the unread count and the latest 5 unread in one call
  myNotifications: (query: { unread?: boolean; page?: number; perpage?: number } = {}) =>
    api<NotificationList>('/notifications', {
      query: new URLSearchParams({
        page: String(query.page ?? 1),
        perpage: String(query.perpage ?? 10),
        ...(query.unread ? { unread: '1' } : {}),
      }),
    }),
  markNotificationRead: (notificationId: Identifier) =>
    dataOf(api<{ data: UnreadCount }>('/mark-as-read', { method: 'POST', body: { id: notificationId } })),
  markAllNotificationsRead: () =>
    dataOf(api<{ data: UnreadCount }>('/mark-as-read', { method: 'POST', body: { all: true } })),
  notificationRecipients: () => dataOf(api<{ data: NotificationRecipient[] }>('/manager/notifications/recipients')),
  // Tasks: the top-bar counter, whom a task may be given to, and a change from a list row (POST tasks with the id)
  actualTasks: () => dataOf(api<{ data: ActualTasks }>('/tasks/actual')),
  taskAssignees: () => dataOf(api<{ data: TaskAssignee[] }>('/tasks/assignees')),
  saveTask: (task: Partial<Task> & { id?: Identifier; title: string }) =>
    dataOf(api<{ data: Task }>('/tasks', { method: 'POST', body: task })),
  // Tickets: each action answers the ticket with its conversation, which the page shows again (SPEC §4)
  ticket: (ticketId: Identifier) => dataOf(api<{ data: TicketDetail }>(`/tickets/${ticketId}`)),
  ticketCategories: () => dataOf(api<{ data: TicketCategoryChoice[] }>('/ticket-categories')),
  ticketAssignees: () => dataOf(api<{ data: TaskAssignee[] }>('/tickets/assignees')),
  openTicket: (form: FormData) => dataOf(api<{ data: TicketDetail }>('/tickets', { method: 'POST', body: form })),
  replyToTicket: (form: FormData) =>
    dataOf(api<{ data: TicketDetail }>('/ticket-item', { method: 'POST', body: form })),
  closeTicket: (ticketId: Identifier) =>
    dataOf(api<{ data: TicketDetail }>(`/tickets/close-ticket/${ticketId}`, { method: 'POST' })),
  rateTicket: (ticketId: Identifier, rating: number) =>
    dataOf(api<{ data: TicketDetail }>(`/tickets/make-rating/${ticketId}`, { method: 'POST', body: { rating } })),
  // The activity log: a filtered page (the Excel export asks for all rows at once) and its vocabularies
  activityLogs,
  logTypes: () => dataOf(api<{ data: LogTypes }>('/logs/types')),
  // Messages to customers: sent by hand (a preview, then the send), free SMS, the delivery log, templates and rules
  notificationLogs,
  commentNotificationLog: (logId: Identifier, comment: string) =>
    dataOf(
      api<{ data: NotificationLog }>(`/notification-logs/${logId}/comment`, { method: 'POST', body: { comment } }),
    ),
  /** 409 when the row cannot be sent again (still queued, or it had no recipient). */
  resendNotificationLog: (logId: Identifier) =>
    dataOf(api<{ data: NotificationLog }>(`/notification-logs/${logId}/resend`, { method: 'POST' })),
  messagePreview: (message: ManualMessage) =>
    dataOf(
      api<{ data: MessagePreview }>(manualMessagePath(message), {
        query: new URLSearchParams(Object.entries(paymentOf(message)).map(([k, v]) => [k, String(v)])),
      }),
    ),
  /** The POST twin of the preview, with an Idempotency-Key per opened dialog (a repeated click sends once). */
  sendManualMessage: (message: ManualMessage, channels: MessageChannel[], idempotencyKey: string) =>
    dataOf(
      api<{ data: MessagesWritten }>(manualMessagePath(message), {
        method: 'POST',
        body: { channels, ...paymentOf(message) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    ),
  sendFreeSms: (message: string, customerIds: Identifier[], idempotencyKey: string) =>
    dataOf(
      api<{ data: MessagesWritten }>('/sms', {
        method: 'POST',
        body: { message, customer_ids: customerIds.map(Number) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    ),
  messageTemplates: () => dataOf(api<{ data: MessageTemplate[] }>('/notification-templates')),
  saveMessageTemplate: (templateId: Identifier, text: Pick<MessageTemplate, 'subject' | 'body' | 'sms'>) =>
    dataOf(api<{ data: MessageTemplate }>(`/notification-templates/${templateId}`, { method: 'PUT', body: text })),
  messageRules: () => dataOf(api<{ data: MessageRules }>('/notification-rules')),
  saveMessageRules: (rules: MessageRules) =>
    dataOf(api<{ data: MessageRules }>('/notification-rules', { method: 'PUT', body: rules })),
  // Comments and files of any record
  comments: (model: string, modelId: Identifier) =>
    dataOf(api<{ data: CommentRow[] }>(`/comments/${model}/${modelId}`)),
  addComment: (model: string, modelId: Identifier, body: string) =>
    done(api(`/comments/${model}/${modelId}`, { method: 'POST', body: { body } })),
  editComment: (commentId: Identifier, body: string) =>
    done(api(`/comments/${commentId}`, { method: 'PUT', body: { body } })),
  deleteComment: (commentId: Identifier) => done(api(`/comments/${commentId}`, { method: 'DELETE' })),
  /** `owner`: the API path of the owner, e.g. /agents/3. */
  ownerFiles: (owner: string) => dataOf(api<{ data: OwnerFile[] }>(`${owner}/files`)),
  deactivateOwnerFile: (owner: string, fileId: Identifier) =>
    done(api(`${owner}/deactivateFile/${fileId}`, { method: 'PATCH' })),
  deleteOwnerFile: (owner: string, fileId: Identifier) =>
    done(api(`${owner}/deleteFile/${fileId}`, { method: 'DELETE' })),
  // Reports (issue 12): POST calls take the filters as a body, GET ones (the units of a year) as the query
  report: <K extends ReportName>(name: K, filters: ReportRequest) => {
    const call = REPORTS[name];
    if (call.method === 'POST')
      return dataOf(api<{ data: ReportAnswers[K] }>(call.path, { method: 'POST', body: filters }));
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (Array.isArray(value)) for (const v of value) query.append(`${key}[]`, String(v));
      else if (value !== undefined && key !== 'year') query.set(key, String(value));
    const year = filters.year ?? new Date().getFullYear();
    return dataOf(api<{ data: ReportAnswers[K] }>(`${call.path}/${year}`, { query }));
  },
  reportYears: () => dataOf(api<{ data: YearsRange }>('/reporting/getYearsRange')),
  dashboard: () => dataOf(api<{ data: Dashboard }>('/reporting/dashboard')),
  // Bonuses, sale targets and agents' pay (issue 11)
  bonusSchemas: () => dataOf(api<{ data: BonusSchema[] }>('/bonuses')),
  saveBonusSchema: (schema: Record<string, unknown>) =>
    dataOf(api<{ data: BonusSchema }>('/bonuses', { method: 'POST', body: schema })),
  deleteBonusSchema: (bonusId: Identifier) => done(api(`/bonuses/${bonusId}`, { method: 'DELETE' })),
  addBonusTier: (bonusId: Identifier, tier: Record<string, unknown>) =>
    dataOf(api<{ data: BonusTierRow }>(`/bonuses/${bonusId}/items`, { method: 'POST', body: tier })),
  deleteBonusTier: (bonusId: Identifier, itemId: Identifier) =>
    done(api(`/bonuses/${bonusId}/items/${itemId}`, { method: 'DELETE' })),
  saleTargets: (month?: string) =>
    dataOf(api<{ data: SaleTarget[] }>('/sale-targets', { query: new URLSearchParams(month ? { month } : {}) })),
  saveSaleTarget: (target: Record<string, unknown>) =>
    dataOf(api<{ data: SaleTarget }>('/sale-targets', { method: 'POST', body: target })),
  deleteSaleTarget: (targetId: Identifier) => done(api(`/sale-targets/${targetId}`, { method: 'DELETE' })),
  bonusesByMonth: (month: string) =>
    dataOf(api<{ data: BonusMonth }>('/bonuses/getBonusByMonth', { method: 'POST', body: { month } })),
  calculateBonus: (request: { bonus_id: number; user_id: number; month: string }) =>
    dataOf(api<{ data: BonusCalculation }>('/bonuses/calculateBonus', { method: 'POST', body: request })),
  agentsBonus: (period: { date_from: string; date_to: string }) =>
    dataOf(api<{ data: AgentsBonus }>('/bonuses/getAgentsBonus', { method: 'POST', body: period })),
  markAgentFeesPaid: (saleIds: number[]) =>
    dataOf(api<{ data: AgentPayouts }>('/bonuses/agents/markPaid', { method: 'POST', body: { sale_ids: saleIds } })),
  bonusSettings: () => dataOf(api<{ data: BonusSettings }>('/bonuses/settings')),
  saveBonusSettings: (settings: BonusSettings) =>
    dataOf(api<{ data: BonusSettings }>('/bonuses/settings', { method: 'PUT', body: settings })),
  // Services and renovation containers (issue 10): every money call goes through the sale ledger on the server
  containerSales: (query?: string) =>
    dataOf(
      api<{ data: ContainerSale[] }>('/containers/getSales', {
        query: new URLSearchParams(query ? { query } : {}),
      }),
    ),
  containerSaleInfo: (saleId: Identifier) =>
    dataOf(api<{ data: ContainerSaleInfo }>('/containers/getSaleInfo', { method: 'POST', body: { sale_id: saleId } })),
  addContainer: (container: Record<string, unknown>) =>
    dataOf(api<{ data: ContainerDetail }>('/containers', { method: 'POST', body: container })),
  saleContainers: (saleId: Identifier) =>
    dataOf(
      api<{ data: Container[] }>('/containers', {
        query: new URLSearchParams({ sale_id: String(saleId), perpage: '50', sort: 'id', order: 'asc' }),
      }),
    ),
  container: (containerId: Identifier) => dataOf(api<{ data: ContainerDetail }>(`/containers/${containerId}`)),
  deleteContainer: (containerId: Identifier) => done(api(`/containers/${containerId}`, { method: 'DELETE' })),
  previewRenovationPayment: (payment: {
    container_id: Identifier;
    amount: number;
    currency: string;
    paid_on: string;
  }) => dataOf(api<{ data: PaymentCalculation }>('/containers/calculatePayment', { method: 'POST', body: payment })),
  /** POST /containers/pay with an Idempotency-Key, one per opened dialog, like POST /payments/pay. */
  payRenovation: (payment: Record<string, unknown>, idempotencyKey: string) =>
    api<{ data: ContainerPayment } & RenovationBalance>('/containers/pay', {
      method: 'POST',
      body: payment,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  deleteRenovationPayment: (paymentId: Identifier) =>
    done(api(`/containers/deletePayment/${paymentId}`, { method: 'DELETE' })),
  replaceRenovationSchedule: (saleId: Identifier, terms: Record<string, unknown>) =>
    api<{ data: Array<{ number: number; due_date: string; amount: number }>; message: string }>(
      `/sales/${saleId}/renovation/payment-schedule`,
      { method: 'POST', body: terms },
    ),
  /** GET /containers/payments: a page of renovation payments (perpage 0: all) and the totals per currency of the filter. */
  renovationPayments: (filter: Record<string, unknown>, page = 1, perPage = 0) =>
    api<{ data: ContainerPayment[]; meta: { total: number; totals: RenovationTotals } }>('/containers/payments', {
      query: listQuery({ filter, pagination: { page, perPage } }),
    }),
  // Document and Word templates, contracts printed from the sale page (issue 9)
  docTemplates: () => dataOf(api<{ data: DocTemplate[] }>('/doc-templates')),
  docTemplateTypes: () => dataOf(api<{ data: DocTemplateTypeChoice[] }>('/doc-templates/types')),
  placeholderFields: () => dataOf(api<{ data: PlaceholderField[] }>('/doc-templates/fields')),
  saveDocTemplate: (template: { id?: Identifier; name: string; type: string; language: string; body: string }) => {
    const { id, ...body } = template;
    return dataOf(
      api<{ data: DocTemplate }>(id ? `/doc-templates/${id}` : '/doc-templates', { method: id ? 'PUT' : 'POST', body }),
    );
  },
  deleteDocTemplate: (id: Identifier) => done(api(`/doc-templates/${id}`, { method: 'DELETE' })),
  /** The editor's image upload: answers the image's address. */
  uploadTemplateImage: (file: File) => {
    const form = new FormData();
    form.append('upload', file);
    return api<{ url: string }>('/doc-templates/images', { method: 'POST', body: form }).then((r) => r.url);
  },
  wordTemplates: () => dataOf(api<{ data: WordTemplate[] }>('/word-templates')),
  uploadWordTemplate: (form: FormData) =>
    dataOf(api<{ data: WordTemplate }>('/word-templates', { method: 'POST', body: form })),
  deleteWordTemplate: (id: Identifier) => done(api(`/word-templates/${id}`, { method: 'DELETE' })),
  contractOptions: (saleId: Identifier) => dataOf(api<{ data: ContractOptions }>(`/sales/${saleId}/contracts`)),
  contractPreview: (saleId: Identifier, request: ContractRequest) =>
    dataOf(
      api<{ data: ContractPreview }>(`/sales/${saleId}/contracts/preview`, {
        query: new URLSearchParams(
          Object.entries(request).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
        ),
      }),
    ),
  printContract: (saleId: Identifier, request: ContractRequest) =>
    dataOf(api<{ data: SaleContract }>(`/sales/${saleId}/contracts`, { method: 'POST', body: request })),
  contractPdf: (saleId: Identifier, contractId: Identifier) =>
    dataOf(api<{ data: { url: string } }>(`/sales/${saleId}/contracts/${contractId}/pdf`, { method: 'POST' })),
};

/** The app's data provider: react-admin's methods and the business calls; screens take it with useDataProvider<AppDataProvider>(). */
export type AppDataProvider = DataProvider & typeof appMethods;

export const dataProvider: AppDataProvider = withCustomFieldValues({ ...standard, ...appMethods });
