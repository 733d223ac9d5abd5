import type { FastifyInstance } from 'fastify';
import {
  customerMessagesRoutes,
  DAILY_JOB,
  ensureTemplates,
  DELIVER_JOB,
  notificationLogsRoutes,
  REPORTS_JOB,
  notificationTemplatesRoutes,
} from '../modules/customerMessages';

/**
 * Registers the messages-to-customers area under /api: sends by hand, the delivery log, the templates. Three jobs:
 * the daily run (reminders and overdue letters, at 10:00 office time, when people read them), the delivery of what is
 * queued (every minute, and at once when something is written), and the SMS provider's delivery reports (every ten
 * minutes, where the provider publishes them).
 */
export default async function messagesArea(app: FastifyInstance) {
  await ensureTemplates(app.db);
  await app.register(customerMessagesRoutes);
  await app.register(notificationLogsRoutes);
  await app.register(notificationTemplatesRoutes);

  app.jobs.define({
    name: DAILY_JOB,
    cron: '0 10 * * *',
    run: async () => {
      const written = await app.customerMessages.runDaily();
      if (written) await app.customerMessages.wake();
    },
  });
  app.jobs.define({
    name: DELIVER_JOB,
    cron: '* * * * *',
    onStart: 'background',
    run: () => app.customerMessages.deliverDue(),
  });
  app.jobs.define({
    name: REPORTS_JOB,
    cron: '*/10 * * * *',
    run: () => app.customerMessages.checkDeliveries(),
  });
}
