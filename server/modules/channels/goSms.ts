import { baseUrl, callGateway, isRecord } from './gateway';
import { smsSegments } from '../../../domain/sms';
import { SendFailure, type Channel, type DeliveryReport, type OutgoingSms, type SendResult } from './types';

export const GOSMS_BASE_URL = 'https://api.gosms.ge';

/**
 * gosms.ge's errorCode values, as its official SDKs name them "matching the GoSMS.GE API"
 * (gosms-ge/gosmsge-python src/gosms/exceptions.py, gosms-ge/gosmsge-node GoSmsErrorCode):
 * 100 invalid API key, 101 invalid sender, 102 insufficient balance, 103 invalid parameters, 104 message not found,
 * 105 invalid phone, 106 OTP failed, 107 sender exists, 108 not configured, 109 too many requests,
 * 110 account locked, 111 OTP expired, 112 OTP already used, 113 invalid no-SMS number.
 */
export const GOSMS_NO_BALANCE = '102';
const GOSMS_TEMPORARY = new Set(['109']);

/** The states gosms.ge reports of a message that will not reach the phone (any other but 'delivered' is not final). */
const GOSMS_UNDELIVERED = new Set(['failed', 'undelivered', 'rejected', 'expired', 'error']);

export interface GoSmsOptions {
  apiKey: string;
  sender?: string;
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * gosms.ge: `POST {base}/api/sendsms` with JSON `{api_key, from, to, text, urgent}`. Success answers
 * `{success: true, messageId, ...}`; an error answers `{errorCode, message}` (with an HTTP 4xx status or without).
 * A message's state: `POST {base}/api/checksms` with `{api_key, messageId}` answers `{success, messageId, status, ...}`
 * (its SDK's tests show 'delivered'; the case is not relied on).
 */
export function goSmsChannel(options: GoSmsOptions): Channel<OutgoingSms> {
  const base = baseUrl(options.baseUrl, GOSMS_BASE_URL);
  return {
    transport: 'gosms',
    async send(message: OutgoingSms): Promise<SendResult> {
      const answer = await callGateway(
        `${base}/api/sendsms`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: options.apiKey,
            from: options.sender ?? '',
            to: message.to,
            text: message.text,
            urgent: message.urgent ?? false,
          }),
        },
        options.timeoutMs,
      );
      const body = isRecord(answer.body) ? answer.body : undefined;
      const errorCode = body?.errorCode;
      const code = errorCode === undefined || errorCode === null || errorCode === 0 ? undefined : String(errorCode);
      if (body?.success === true && !code && answer.status < 400) {
        const id = body.messageId;
        return {
          providerMessageId: id === undefined || id === null ? undefined : String(id),
          segments: smsSegments(message.text),
        };
      }
      if (!code) {
        throw new SendFailure(`gosms answered HTTP ${answer.status} without success or an errorCode`, {
          retry: false,
          code: `http_${answer.status}`,
        });
      }
      const noBalance = code === GOSMS_NO_BALANCE;
      const reason = typeof body?.message === 'string' && body.message ? body.message : 'refused';
      throw new SendFailure(`gosms: ${reason} (errorCode ${code})`, {
        retry: !noBalance && GOSMS_TEMPORARY.has(code),
        code,
        noBalance,
      });
    },
    async deliveryOf(providerMessageId: string): Promise<DeliveryReport> {
      const answer = await callGateway(
        `${base}/api/checksms`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ api_key: options.apiKey, messageId: providerMessageId }),
        },
        options.timeoutMs,
      );
      const body = isRecord(answer.body) ? answer.body : undefined;
      if (answer.status >= 400 || body?.success !== true || typeof body.status !== 'string') {
        const code = body?.errorCode === undefined ? `http_${answer.status}` : String(body.errorCode);
        throw new SendFailure(`gosms: no delivery report for ${providerMessageId} (${code})`, { retry: true, code });
      }
      const status = body.status.trim().toLowerCase();
      return status === 'delivered' ? 'delivered' : GOSMS_UNDELIVERED.has(status) ? 'failed' : 'pending';
    },
  };
}
