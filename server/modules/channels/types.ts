/** What leaves the server through a channel, and what comes back (see index.ts, the front door). */

export type ChannelName = 'email' | 'sms';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Written to the Content-Language header. */
  locale: 'ka' | 'en' | 'ru';
}

export interface OutgoingSms {
  /** Already normalised (normalisePhone): digits with the country code, 995599123456. */
  to: string;
  text: string;
  /** Delivered even to numbers that block advertising (contract messages are urgent). */
  urgent?: boolean;
}

export interface SendResult {
  providerMessageId?: string;
  code?: string;
  segments?: number;
}

/**
 * A send that did not go through. retry: worth trying again later (timeout, 503, connection refused, SMTP 4xx);
 * noBalance: the SMS account is out of credit (not retried; administrators are alerted by the caller).
 */
export class SendFailure extends Error {
  retry: boolean;
  code?: string;
  noBalance: boolean;

  constructor(message: string, opts: { retry: boolean; code?: string; noBalance?: boolean }) {
    super(message);
    this.name = 'SendFailure';
    this.retry = opts.retry;
    this.code = opts.code;
    this.noBalance = opts.noBalance ?? false;
  }
}

/** What a provider says became of a message it took: on the phone, lost for good, or not known yet. */
export type DeliveryReport = 'delivered' | 'failed' | 'pending';

export interface Channel<M> {
  /** 'smtp' | 'smsoffice' | 'gosms' | 'log' */
  readonly transport: string;
  send(message: M): Promise<SendResult>;
  /** The provider's report on a message it took, by its id; only providers that publish one (gosms.ge). */
  deliveryOf?(providerMessageId: string): Promise<DeliveryReport>;
}

export interface Channels {
  email?: Channel<OutgoingEmail>;
  sms?: Channel<OutgoingSms>;
  close(): Promise<void>;
}
