import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { pageMetaSchema } from '../../domain/contracts/paging';

/**
 * The API as a component test meets it: the app's own data provider and HTTP client send real requests, and msw
 * answers them with what the route's contract (domain/contracts) allows, so a test cannot answer a shape the server
 * never sends. A test file calls `answerWithApiServer()` once and gives its handlers with `apiServer.use(...)`.
 */
export const apiServer = setupServer();

export function answerWithApiServer() {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => apiServer.resetHandlers());
  afterAll(() => apiServer.close());
}

/** A request the app sent, as a test asserts it. */
export interface SentRequest {
  method: string;
  path: string;
  /** The address's query (a list's page, perpage, sort and filters). */
  query: URLSearchParams;
  headers: Headers;
  body: Record<string, unknown>;
}

/** The route's 2xx answer, checked against its contract. */
export const answer = <T extends z.ZodType>(contract: T, body: z.input<T>, status = 200) =>
  HttpResponse.json(contract.parse(body) as Record<string, unknown>, { status });

/** A route's `{ data }` answer around a contract, as the server declares it (server/core/answers.ts). */
export const dataOf = <T extends z.ZodType>(contract: T) => z.object({ data: contract });

/** A list route's answer around its row contract: a page of rows and the paging meta. */
export const pageOf = <T extends z.ZodType>(contract: T) => z.object({ data: z.array(contract), meta: pageMetaSchema });

/**
 * Page `page` of `rows` as a list route answers it (`perpage` 0, 'All', is a page of 1,000), with its paging meta;
 * `total` is what the meta says when it is not the count of `rows` (an estimate, say).
 */
export function pageAnswer<T>(rows: T[], page: number, perpage: number, total?: { total: number; estimated?: true }) {
  const size = perpage === 0 ? 1000 : Math.min(perpage, 1000);
  const data = rows.slice((page - 1) * size, page * size);
  const counted = total?.total ?? rows.length;
  return {
    data,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(counted / size)),
      from: data.length ? (page - 1) * size + 1 : null,
      to: data.length ? (page - 1) * size + data.length : null,
      total: counted,
      ...(total?.estimated && { total_estimated: true as const }),
      per_page: perpage,
    },
  };
}

/**
 * A list request's page and perpage, as the app's data provider puts them in the address
 * (the server's defaults otherwise).
 */
export const pageAsked = ({ query }: SentRequest) => ({
  page: Number(query.get('page') ?? 1),
  perpage: Number(query.get('perpage') ?? 10),
});

/** A refusal as the server's error handler writes it: a message and, for 422, the fields' errors. */
export const refusal = (status: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ message, ...(errors && { errors }) }, { status });

/** A request's body: JSON parsed, a form (an upload) as its fields (files as File), nothing as {}. */
async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data'))
    return Object.fromEntries((await request.formData()).entries());
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A handler of `method path` (path as the app asks it, `/api/...`) that records each request in `sent` and answers
 * with `respond`.
 */
export function route(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  sent: SentRequest[],
  respond: (request: SentRequest) => Response | Promise<Response>,
) {
  return http[method](`*${path}`, async ({ request }) => {
    const url = new URL(request.url);
    const seen = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await bodyOf(request),
    };
    sent.push(seen);
    return respond(seen);
  });
}

/** A list route (GET `path`) over `rows`: each request answered with the page it asks for, recorded in `sent`. */
export const listRoute = <T extends z.ZodType>(
  path: string,
  contract: T,
  rows: Array<z.input<T>>,
  sent: SentRequest[] = [],
  total?: { total: number; estimated?: true },
) =>
  route('get', path, sent, (request) => {
    const { page, perpage } = pageAsked(request);
    return answer(pageOf(contract), pageAnswer(rows, page, perpage, total));
  });
