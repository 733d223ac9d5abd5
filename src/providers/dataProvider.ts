import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { api } from './httpClient';
import { ALL_ROWS } from '../widgets/pageSizes';

/** react-admin resource name → API path, where they differ. */
const PATHS: Record<string, string> = {
  roles: '/role-permission/roles',
  'trashed-sales': '/sales/trashed',
};
const pathOf = (resource: string) => PATHS[resource] ?? `/${resource}`;
/** One record's path, where it is not the list path and the id. */
const RECORD_PATHS: Record<string, (id: unknown) => string> = {
  'trashed-sales': (id) => `/sales/${id}/trashed`,
};
const recordPath = (resource: string, id: unknown) => RECORD_PATHS[resource]?.(id) ?? `${pathOf(resource)}/${id}`;


interface ListAnswer<T> {
  data: T[];
  meta?: { total: number };
}

export const listQuery = ({ pagination, sort, filter }: Partial<GetListParams>) => {
  const query = new URLSearchParams();
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perpage', String(pagination.perPage >= ALL_ROWS ? 0 : pagination.perPage));
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
  Object.values(data).some((v) => v instanceof File || (v && typeof v === 'object' && 'rawFile' in v && (v as { rawFile: unknown }).rawFile instanceof File));

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

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

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const answer = await api<ListAnswer<RaRecord>>(pathOf(resource), { query: listQuery(params) });
    return { data: answer.data, total: answer.meta?.total ?? answer.data.length } as never;
  },
  async getOne(resource, params) {
    return api<{ data: RaRecord }>(recordPath(resource, params.id)) as never;
  },
  async getMany(resource, params) {
    const records = await Promise.all(params.ids.map((id) => api<{ data: RaRecord }>(recordPath(resource, id)).then((r) => r.data).catch(() => null)));
    return { data: records.filter((r): r is RaRecord => r !== null) } as never;
  },
  async getManyReference(resource, params) {
    const answer = await api<ListAnswer<RaRecord>>(pathOf(resource), { query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }) });
    return { data: answer.data, total: answer.meta?.total ?? answer.data.length } as never;
  },
  async create(resource, params) {
    return api<{ data: RaRecord }>(pathOf(resource), { method: 'POST', body: encode(params.data) }) as never;
  },
  async update(resource, params) {
    const body = encode(params.data, 'PUT');
    return api<{ data: RaRecord }>(`${pathOf(resource)}/${params.id}`, { method: body instanceof FormData ? 'POST' : 'PUT', body }) as never;
  },
  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => api(`${pathOf(resource)}/${id}`, { method: 'PUT', body: params.data })));
    return { data: params.ids };
  },
  async delete(resource, params) {
    await api(`${pathOf(resource)}/${params.id}`, { method: 'DELETE' });
    return { data: params.previousData ?? ({ id: params.id } as never) } as never;
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) await api(`${pathOf(resource)}/${id}`, { method: 'DELETE' });
    return { data: params.ids };
  },
};
