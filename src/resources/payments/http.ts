import { api } from '../../providers/httpClient';

/** A new Idempotency-Key (DESIGN §4): one per opened dialog, so a repeated click records once. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A JSON POST carrying an Idempotency-Key, failing like every other call. */
export const postOnce = <T>(path: string, body: unknown, key: string): Promise<T> =>
  api<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
