import { SendFailure } from './types';

/** What an SMS gateway answered over HTTP: its status and its JSON body (undefined when it was not JSON). */
export interface GatewayAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTP call to an SMS gateway, given up after `timeoutMs` (the whole exchange, body included).
 * A timeout, a network error (refused, reset, DNS) or an HTTP 5xx is a SendFailure worth retrying;
 * any other answer is handed back for the provider to read.
 */
export async function callGateway(url: string, init: RequestInit, timeoutMs: number): Promise<GatewayAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const raw = await response.text();
    if (response.status >= 500) {
      throw new SendFailure(`SMS gateway answered HTTP ${response.status}`, {
        retry: true,
        code: `http_${response.status}`,
      });
    }
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof SendFailure) throw error;
    if (controller.signal.aborted) {
      throw new SendFailure(`SMS gateway did not answer within ${timeoutMs} ms`, { retry: true, code: 'timeout' });
    }
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const code = typeof cause?.code === 'string' ? cause.code : 'network';
    throw new SendFailure(`SMS gateway unreachable: ${(error as Error).message} (${code})`, { retry: true, code });
  } finally {
    clearTimeout(timer);
  }
}

/** The gateway's base address without a trailing slash. */
export const baseUrl = (configured: string | undefined, fallback: string) =>
  (configured || fallback).replace(/\/+$/, '');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
