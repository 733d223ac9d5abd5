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
import { api } from './httpClient';
import { saleCalls } from './calls/sales';
import { paymentCalls } from './calls/payments';
import { unitCalls } from './calls/units';
import { peopleCalls } from './calls/people';
import { activityLogs, workCalls } from './calls/work';
import { messageCalls, notificationLogs, type NotificationLogFilter } from './calls/messages';
import { attachmentCalls } from './calls/attachments';
import { reportCalls } from './calls/reports';
import { bonusCalls } from './calls/bonuses';
import { renovationCalls } from './calls/renovation';
import { templateCalls } from './calls/templates';
import { listQuery, type ListAnswer } from './calls/answers';
import { withCustomFieldValues } from './customFieldValues';
import { ALL_ROWS } from '../widgets/pageSizes';
import { ALL_PAGE_SIZE, everyRow } from './allRows';
import { isIsoDay } from '../../domain/dateFormats';

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

const hasFile = (data: Record<string, unknown>) =>
  Object.values(data).some(
    (v) =>
      v instanceof File ||
      (v && typeof v === 'object' && 'rawFile' in v && (v as { rawFile: unknown }).rawFile instanceof File),
  );

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Records with files go as multipart
 * (arrays as `name[]`; nested objects and lists of them as JSON text), the rest as JSON.
 */
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

/**
 * react-admin's list parameters as the delivery log's body: empty filters left out, `q` as query, by hand as a boolean.
 */
const notificationLogFilter = ({ pagination, sort, filter }: Partial<GetListParams>): NotificationLogFilter => {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    // a date still being typed is not a filter yet
    if (key.startsWith('date_') && !isIsoDay(String(value))) continue;
    body[key === 'q' ? 'query' : key] = key === 'manual' ? value === true || value === 'true' : value;
  }
  if (pagination) Object.assign(body, { page: pagination.page, perpage: Math.min(pagination.perPage, ALL_PAGE_SIZE) });
  if (sort?.field) Object.assign(body, { sort: sort.field, order: sort.order.toLowerCase() });
  return body as NotificationLogFilter;
};

/**
 * The standard react-admin methods over the API's conventions
 * (list meta, { data } answers, multipart when there are files).
 */
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
    // Each record on its own; one that fails to load is left out
    // (wrapped, so the generic record type is not unwrapped by Promise.all).
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
    // A task is created and changed through one call, POST tasks (with its id)
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

/** The calls beyond react-admin's CRUD, named in the business's words, one file per area in ./calls; their answers
 * are the contracts of domain/contracts/. */
export const appMethods = {
  ...saleCalls,
  ...paymentCalls,
  ...unitCalls,
  ...peopleCalls,
  ...workCalls,
  ...messageCalls,
  ...attachmentCalls,
  ...reportCalls,
  ...bonusCalls,
  ...renovationCalls,
  ...templateCalls,
};

/**
 * The app's data provider: react-admin's methods and the business calls;
 * screens take it with useAppData() (providers/useAppData.ts).
 */
export type AppDataProvider = DataProvider & typeof appMethods;

export const dataProvider: AppDataProvider = withCustomFieldValues({ ...standard, ...appMethods });
