import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELIVERY_STATUSES, MESSAGE_CHANNELS, MESSAGE_KINDS } from '../../../domain/customerMessages';
import { notificationLogSchema } from '../../../domain/contracts/customerMessages';
import { formBoolean, isoDate, listOf, requiredText } from '../../../domain/validation';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { idParams, oneOf, queryId } from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { createLogsRepository } from './logs';

const tags = ['notification logs'];
const access = needs('view_notification_logs');

const filters = listQuery.extend({
  date_from: isoDate().optional(),
  date_to: isoDate().optional(),
  status: listOf(oneOf(DELIVERY_STATUSES)),
  channel: oneOf(MESSAGE_CHANNELS).optional(),
  type: listOf(oneOf(MESSAGE_KINDS)),
  sale_id: queryId().optional(),
  customer_id: queryId().optional(),
  manual: formBoolean().optional(),
});

/**
 * Notification logs: every message to a customer, by hand or automated, with its delivery (the list takes
 * its filters as a JSON body), staff's comments on a row, and resending one (a new row; the old one stays).
 */
export default async function notificationLogsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createLogsRepository(app.db);

  app.post(
    '/notification-logs',
    {
      // a list whose filters come as a body: nothing to write to the activity log
      config: { access, readOnly: true },
      schema: {
        tags,
        body: filters.optional(),
        response: listAnswer(notificationLogSchema),
      },
    },
    async (request) => {
      const q = request.body ?? filters.parse({});
      const { rows, meta } = await repo.list(currentUser(request), q, request.locale);
      return { data: rows, meta };
    },
  );

  app.get(
    '/notification-logs/:id',
    { config: { access }, schema: { tags, params: idParams, response: dataAnswer(notificationLogSchema) } },
    async (request) => ({ data: await repo.one(currentUser(request), request.params.id, request.locale) }),
  );

  app.post(
    '/notification-logs/:id/comment',
    {
      config: { access, logAction: 'comment_added' },
      schema: {
        tags,
        params: idParams,
        body: z.object({ comment: requiredText(2000) }),
        response: createdAnswer(notificationLogSchema),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await repo.comment(user, request.params.id, request.body.comment);
      return reply.status(201).send({ data: await repo.one(user, request.params.id, request.locale) });
    },
  );

  app.post(
    '/notification-logs/:id/resend',
    {
      config: { access: needs('add_notifications', 'send_cancellation_notification'), logAction: 'message_resent' },
      schema: { tags, params: idParams, response: createdAnswer(notificationLogSchema) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await repo.visible(user, request.params.id);
      const id = await repo.resend(user, request.params.id);
      const data = await repo.one(user, id, request.locale);
      await app.customerMessages.wake();
      return reply.status(201).send({ data });
    },
  );
}
