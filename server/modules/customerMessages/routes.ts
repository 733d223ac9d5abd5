import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_CHANNELS } from '../../../domain/customerMessages';
import { messagePreviewSchema, messagesWrittenSchema } from '../../../domain/contracts/customerMessages';
import { listOf, requiredText, V } from '../../../domain/validation';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { oneOf, pathId, queryId, requiredId } from '../../core/fields';
import { needs } from '../../core/types';
import type { SaleMessageSubject } from './service';
import type { LogAction } from '../../../domain/activityLog';

const tags = ['customer messages'];
/** Writing to customers by hand: the sale's people (notifications) and those who chase overdue sales. */
const access = needs('add_notifications', 'send_cancellation_notification');

const saleParams = z.object({ sale_id: pathId() });
const changeParams = z.object({ sale_id: pathId(), change: oneOf(['added', 'changed'] as const) });
const paymentQuery = z.object({ payment_id: queryId().optional() });
const sendBody = z
  .object({
    channels: listOf(oneOf(MESSAGE_CHANNELS)).pipe(z.array(oneOf(MESSAGE_CHANNELS)).min(1, { error: V.required })),
    payment_id: queryId().optional(),
  })
  .partial();
const smsBody = z.object({
  message: requiredText(1000),
  customer_ids: z.array(requiredId(), { error: V.required }).min(1, { error: V.required }).max(1000),
});

/**
 * Messages to a customer by hand, from the sale page and /overdue-sales: each GET answers what would be sent
 * and on which channels the customer can be reached (the dialog's preview); the POST twin of the same path sends it
 * (written to the delivery log, then delivered by the job queue). `POST /sms` sends a free text to chosen customers.
 */
export default async function customerMessagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messages = app.customerMessages;

  const pair = (
    path: string,
    params: z.ZodObject,
    logAction: LogAction,
    subjectOf: (params: Record<string, unknown>, paymentId?: number) => SaleMessageSubject,
  ) => {
    app.get(
      path,
      {
        config: { access },
        schema: { tags, params, querystring: paymentQuery, response: dataAnswer(messagePreviewSchema) },
      },
      async (request) => ({
        data: await messages.preview(
          currentUser(request),
          subjectOf(request.params as Record<string, unknown>, request.query.payment_id),
        ),
      }),
    );
    app.post(
      path,
      {
        config: { access, logAction },
        schema: { tags, params, body: sendBody.optional(), response: createdAnswer(messagesWrittenSchema) },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        const written = await messages.sendAboutSale(
          currentUser(request),
          subjectOf(request.params as Record<string, unknown>, body.payment_id),
          body.channels ?? MESSAGE_CHANNELS,
        );
        await messages.wake();
        return reply.status(201).send({ data: written });
      },
    );
  };

  pair('/sales/:sale_id/reminder-notification', saleParams, 'reminder_sent', (p) => ({
    kind: 'reminder',
    saleId: p.sale_id as number,
  }));
  pair('/sales/:sale_id/overdue-notification', saleParams, 'overdue_letter_sent', (p) => ({
    kind: 'overdue',
    saleId: p.sale_id as number,
  }));
  pair('/sales/:sale_id/payment-notification/:change', changeParams, 'payment_notice_sent', (p, paymentId) => ({
    kind: p.change === 'changed' ? 'payment_changed' : 'payment_added',
    saleId: p.sale_id as number,
    paymentId,
  }));

  // The reminder of one installment: {id} is the installment's.
  const installmentParams = z.object({ id: pathId() });
  app.get(
    '/sales/payment-reminder/:id',
    { config: { access }, schema: { tags, params: installmentParams, response: dataAnswer(messagePreviewSchema) } },
    async (request) => {
      const saleId = await messages.saleOfInstallment(request.params.id);
      return {
        data: await messages.preview(currentUser(request), {
          kind: 'reminder',
          saleId,
          installmentId: request.params.id,
        }),
      };
    },
  );
  app.post(
    '/sales/payment-reminder/:id',
    {
      config: { access, logAction: 'reminder_sent' },
      schema: {
        tags,
        params: installmentParams,
        body: sendBody.optional(),
        response: createdAnswer(messagesWrittenSchema),
      },
    },
    async (request, reply) => {
      const saleId = await messages.saleOfInstallment(request.params.id);
      const written = await messages.sendAboutSale(
        currentUser(request),
        { kind: 'reminder', saleId, installmentId: request.params.id },
        request.body?.channels ?? MESSAGE_CHANNELS,
      );
      await messages.wake();
      return reply.status(201).send({ data: written });
    },
  );

  app.post(
    '/sms',
    {
      config: { access: needs('add_notifications'), logAction: 'sms_sent' },
      schema: { tags, body: smsBody, response: createdAnswer(messagesWrittenSchema) },
    },
    async (request, reply) => {
      const written = await messages.sendFreeSms(currentUser(request), request.body.message, request.body.customer_ids);
      return reply.status(201).send({ data: written });
    },
  );
}
