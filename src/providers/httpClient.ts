import { HttpError } from 'react-admin';
import { storedLocale } from './i18nProvider';
import { session } from './session';

/** What a failed call rejects with, as the screens read it: the message and the per-field errors. */
export interface ApiFailure {
  message?: string;
  status?: number;
  body?: { errors?: Record<string, string> };
}

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

/**
 * Every call: Content-Language, the bearer token, JSON or FormData. Failures become react-admin HttpErrors whose
 * body carries `errors` as react-admin's server-side validation expects ({field: 'message'}).
 */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; query?: URLSearchParams; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    ...init.headers,
    'Content-Language': storedLocale(),
    Accept: 'application/json',
  };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const url = `/api${path}${init.query && [...init.query].length ? `?${init.query}` : ''}`;
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  if (!response.ok) {
    const error = (parsed(text) ?? {}) as ApiErrorBody;
    const fieldErrors = error.errors
      ? Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages.join(', ')]))
      : undefined;
    // without the server's own (translated) message, an empty one: the screen says its own words, never a proxy's
    // English status text
    throw new HttpError(error.message ?? '', response.status, {
      ...error,
      ...(fieldErrors ? { errors: { ...fieldErrors, root: { serverError: error.message } } } : {}),
    });
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A body as JSON; undefined when empty or not JSON (a proxy's error page). */
function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
