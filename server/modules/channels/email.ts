import nodemailer, { type NodemailerError } from 'nodemailer';
import { SendFailure, type Channel, type OutgoingEmail, type SendResult } from './types';

export interface SmtpChannel extends Channel<OutgoingEmail> {
  close(): void;
}

/**
 * Mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps:// for TLS on connect).
 * Nothing connects until the first send, so a server that is down does not stop the app from starting.
 */
export function smtpChannel(smtpUrl: string, mailFrom: string): SmtpChannel {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    transport: 'smtp',
    async send(message: OutgoingEmail): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          from: mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: { 'Content-Language': message.locale },
        });
        const code = /^\d{3}/.exec(info.response ?? '')?.[0];
        return { providerMessageId: info.messageId, ...(code ? { code } : {}) };
      } catch (error) {
        throw smtpFailure(error as NodemailerError);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * An SMTP reply code says whether to try again: 4xx (and nodemailer's non-permanent 503, a broken command sequence)
 * is temporary, 5xx permanent. With no reply at all the server could not be reached or the connection broke
 * (refused, timed out, reset): worth another try, except a message refused before it left (no recipient, no sender).
 */
function smtpFailure(error: NodemailerError): SendFailure {
  const message = error.message || 'mail not sent';
  if (typeof error.responseCode === 'number') {
    const permanent = error.permanent ?? error.responseCode >= 500;
    return new SendFailure(message, { retry: !permanent, code: String(error.responseCode) });
  }
  const code = error.code ?? 'ESMTP';
  const permanent = ['EENVELOPE', 'EMESSAGE', 'ECONFIG', 'ENOAUTH'].includes(code);
  return new SendFailure(message, { retry: !permanent, code });
}
