import type { FastifyBaseLogger } from 'fastify';
import type { Channel, ChannelName, OutgoingEmail, OutgoingSms, SendResult } from './types';

/**
 * The log channel (outside production, where no SMTP server or SMS gateway is configured): each message becomes one
 * info line `{ channel, to, subject?, text }` in the server's log, so sign-in codes and notices can be read there.
 */
export function logChannel(channel: 'email', log: FastifyBaseLogger): Channel<OutgoingEmail>;
export function logChannel(channel: 'sms', log: FastifyBaseLogger): Channel<OutgoingSms>;
export function logChannel(channel: ChannelName, log: FastifyBaseLogger): Channel<OutgoingEmail | OutgoingSms> {
  return {
    transport: 'log',
    async send(message): Promise<SendResult> {
      const subject = 'subject' in message ? { subject: message.subject } : {};
      log.info({ channel, to: message.to, ...subject, text: message.text }, `${channel} written to the log, not sent`);
      return {};
    },
  };
}
