import { baseUrl, callGateway, isRecord } from './gateway';
import { smsSegments } from '../../../domain/sms';
import { SendFailure, type Channel, type OutgoingSms, type SendResult } from './types';

export const SMSOFFICE_BASE_URL = 'https://smsoffice.ge';

/**
 * smsoffice.ge's ErrorCode values: the operator's "Response code" table, as reproduced at doc.agb.is/smsoffice
 * (the request and answer format are on smsoffice.net/integration):
 * 0 accepted, 10 no valid number, 20 balance is insufficient, 60 content missing, 70 destination empty,
 * 75 all numbers stoplisted, 76 all numbers badly formatted, 77 stoplisted or badly formatted, 80 API key incorrect,
 * 120 API access disabled, 150 sender not found, 500 key missing, 600 destination missing, 700 sender missing,
 * 800 content missing, -100 temporary delay.
 */
export const SMSOFFICE_NO_BALANCE = '20';
const SMSOFFICE_TEMPORARY = new Set(['-100']);

export interface SmsOfficeOptions {
  apiKey: string;
  sender?: string;
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * smsoffice.ge, API v2: `GET {base}/api/v2/send/?key&destination&sender&content&urgent`, answering
 * `{Success, Message, Output, ErrorCode}`; Output holds the message's id on success.
 */
export function smsOfficeChannel(options: SmsOfficeOptions): Channel<OutgoingSms> {
  const base = baseUrl(options.baseUrl, SMSOFFICE_BASE_URL);
  return {
    transport: 'smsoffice',
    async send(message: OutgoingSms): Promise<SendResult> {
      const query = new URLSearchParams({
        key: options.apiKey,
        destination: message.to,
        sender: options.sender ?? '',
        content: message.text,
        urgent: message.urgent ? 'true' : 'false',
      });
      const answer = await callGateway(`${base}/api/v2/send/?${query}`, { method: 'GET' }, options.timeoutMs);
      const body = isRecord(answer.body) ? answer.body : undefined;
      if (!body || typeof body.Success !== 'boolean') {
        throw new SendFailure(`smsoffice answered HTTP ${answer.status} without its JSON answer`, {
          retry: false,
          code: `http_${answer.status}`,
        });
      }
      const code = body.ErrorCode === undefined || body.ErrorCode === null ? undefined : String(body.ErrorCode);
      if (body.Success) {
        return { providerMessageId: outputId(body.Output), code: code ?? '0', segments: smsSegments(message.text) };
      }
      const noBalance = code === SMSOFFICE_NO_BALANCE;
      const reason = typeof body.Message === 'string' && body.Message ? body.Message : 'refused';
      throw new SendFailure(`smsoffice: ${reason} (ErrorCode ${code ?? '?'})`, {
        retry: !noBalance && code !== undefined && SMSOFFICE_TEMPORARY.has(code),
        code,
        noBalance,
      });
    },
  };
}

function outputId(output: unknown): string | undefined {
  if (output === undefined || output === null || output === '') return undefined;
  return typeof output === 'string' || typeof output === 'number' ? String(output) : JSON.stringify(output);
}
