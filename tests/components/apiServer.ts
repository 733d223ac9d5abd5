import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

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
  headers: Headers;
  body: Record<string, unknown>;
}

/** The route's 2xx answer, checked against its contract. */
export const answer = <T extends z.ZodType>(contract: T, body: z.input<T>, status = 200) =>
  HttpResponse.json(contract.parse(body) as Record<string, unknown>, { status });

/** A refusal as the server's error handler writes it: a message and, for 422, the fields' errors. */
export const refusal = (status: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ message, ...(errors && { errors }) }, { status });

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
    const text = await request.text();
    const seen = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
    sent.push(seen);
    return respond(seen);
  });
}
