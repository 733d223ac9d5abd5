/** The front door of the customerMessages module: other modules, areas and seeds import it only from here. */
import type { Channels } from '../channels';
import type { CustomerMessages } from './service';

export { default as customerMessagesRoutes } from './routes';
export { default as notificationLogsRoutes } from './logRoutes';
export { default as notificationTemplatesRoutes } from './templateRoutes';
export {
  createCustomerMessages,
  DAILY_JOB,
  DELIVER_JOB,
  REPORTS_JOB,
  type CustomerMessages,
  type SaleMessageSubject,
} from './service';
export { ensureTemplates } from './templates';
export { ruleKey } from './dailyRun';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where mail and SMS leave (modules/channels), made once in app.ts. */
    channels: Channels;
    /** Messages to customers: previews, sends by hand, the daily run and the delivery of the outbox. */
    customerMessages: CustomerMessages;
  }
}
