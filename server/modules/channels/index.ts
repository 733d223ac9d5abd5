/**
 * The front door of the channels module: where mail and SMS leave the server. Other code imports it only from here.
 *
 * createChannels builds what the configuration allows: SMTP for mail (SMTP_URL), smsoffice.ge or gosms.ge for SMS
 * (SMS_PROVIDER, SMS_API_KEY, SMS_SENDER); outside production an unconfigured channel writes to the log instead,
 * in production it is absent (undefined) and missingChannelVariables names what start-up lacks.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelsConfig, ServerConfig } from '../../config';
import { smtpChannel } from './email';
import { goSmsChannel } from './goSms';
import { logChannel } from './log';
import { smsOfficeChannel } from './smsOffice';
import type { Channel, Channels, OutgoingSms } from './types';

export { SendFailure } from './types';
export type { Channel, ChannelName, Channels, OutgoingEmail, OutgoingSms, SendResult } from './types';
export { normalisePhone } from './phone';
export { smsSegments } from '../../../domain/sms';

const SMS_PROVIDERS = ['smsoffice', 'gosms'] as const;
type SmsProvider = (typeof SMS_PROVIDERS)[number];
const knownProvider = (name: string | undefined): name is SmsProvider =>
  (SMS_PROVIDERS as readonly string[]).includes(name ?? '');

/** Builds the channels; connects to nothing (the SMTP server and the gateway are reached on the first send). */
export function createChannels(config: ChannelsConfig, log: FastifyBaseLogger): Channels {
  const smtp = config.smtpUrl ? smtpChannel(config.smtpUrl, config.mailFrom) : undefined;
  const email = smtp ?? (config.logFallback ? logChannel('email', log) : undefined);

  let sms: Channel<OutgoingSms> | undefined;
  const provider = config.smsProvider?.trim().toLowerCase();
  if (provider && knownProvider(provider) && config.smsApiKey) {
    const options = {
      apiKey: config.smsApiKey,
      sender: config.smsSender,
      baseUrl: config.smsBaseUrl,
      timeoutMs: config.smsTimeoutMs,
    };
    sms = provider === 'smsoffice' ? smsOfficeChannel(options) : goSmsChannel(options);
  } else {
    if (provider) {
      log.warn(
        { smsProvider: config.smsProvider },
        knownProvider(provider)
          ? 'SMS_PROVIDER is set without SMS_API_KEY: SMS is not sent'
          : `SMS_PROVIDER names no known gateway (${SMS_PROVIDERS.join(', ')}): SMS is not sent`,
      );
    }
    if (config.logFallback) sms = logChannel('sms', log);
  }

  return {
    email,
    sms,
    async close() {
      smtp?.close();
    },
  };
}

/**
 * Production (NODE_ENV=production) must have real channels: answers the names of missing variables, e.g.
 * ['SMTP_URL'] when SMTP_URL is unset, ['SMS_API_KEY'] when SMS_PROVIDER is set without a key, ['SMS_PROVIDER'] when
 * it names an unknown provider, ['SMS_SENDER'] when a provider is set without the sender name both gateways require.
 * SMS_PROVIDER unset is allowed (SMS is then not offered). [] when fine or not production.
 */
export function missingChannelVariables(config: Pick<ServerConfig, 'production' | 'channels'>): string[] {
  if (!config.production) return [];
  const channels = config.channels;
  const missing: string[] = [];
  if (!channels.smtpUrl) missing.push('SMTP_URL');
  const provider = channels.smsProvider?.trim().toLowerCase();
  if (provider) {
    if (!knownProvider(provider)) missing.push('SMS_PROVIDER');
    else {
      if (!channels.smsApiKey) missing.push('SMS_API_KEY');
      if (!channels.smsSender) missing.push('SMS_SENDER');
    }
  }
  return missing;
}
