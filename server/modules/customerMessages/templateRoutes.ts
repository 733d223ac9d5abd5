import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_CHANNELS, unknownPlaceholders } from '../../../domain/customerMessages';
import { messageRulesSchema, messageTemplateSchema } from '../../../domain/contracts/customerMessages';
import { requiredText, V } from '../../../domain/validation';
import { dataAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { invalid, notFound } from '../../core/errors';
import { idParams, oneOf } from '../../core/fields';
import { needs } from '../../core/types';
import { createTemplatesRepository, type Template } from './templates';

const tags = ['notification templates'];

const templateBody = z.object({
  subject: requiredText(300),
  body: requiredText(5000),
  sms: requiredText(1000),
});
const days = z
  .array(
    z
      .number({ error: V.invalidType })
      .int({ error: V.invalidType })
      .min(0, { error: V.invalidType })
      .max(365, { error: V.invalidType }),
  )
  .max(10, { error: V.tooLong });
const rulesBody = z.object({
  reminder_days: days,
  overdue_days: days,
  channels: z.array(oneOf(MESSAGE_CHANNELS)),
});

const present = (row: Template) => ({
  id: row.id,
  kind: row.kind,
  locale: row.locale,
  subject: row.subject,
  body: row.body,
  sms: row.sms,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The texts of the messages to customers, per kind and language, edited by an administrator (the editor previews them
 * with domain/customerMessages' renderTemplate as they type), and the rules of the daily run.
 */
export default async function notificationTemplatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createTemplatesRepository(app.db);
  const view = needs('view_notification_templates');
  const edit = needs('edit_notification_templates');

  app.get(
    '/notification-templates',
    { config: { access: view }, schema: { tags, response: dataAnswer(z.array(messageTemplateSchema)) } },
    async () => ({ data: (await repo.list()).map(present) }),
  );

  app.put(
    '/notification-templates/:id',
    {
      config: { access: edit },
      schema: { tags, params: idParams, body: templateBody, response: dataAnswer(messageTemplateSchema) },
    },
    async (request) => {
      const errors: Record<string, Array<[string, Record<string, string>]>> = {};
      for (const field of ['subject', 'body', 'sms'] as const) {
        const unknown = unknownPlaceholders(request.body[field]);
        if (unknown.length)
          errors[field] = [
            ['customer_messages.unknown_placeholder', { names: unknown.map((n) => `{${n}}`).join(', ') }],
          ];
      }
      if (Object.keys(errors).length) throw invalid(errors);
      if (!(await repo.find(request.params.id))) throw notFound();
      return { data: present(await repo.update(request.params.id, request.body, currentUser(request).id)) };
    },
  );

  app.get(
    '/notification-rules',
    { config: { access: view }, schema: { tags, response: dataAnswer(messageRulesSchema) } },
    async () => ({ data: await repo.rules() }),
  );

  app.put(
    '/notification-rules',
    { config: { access: edit }, schema: { tags, body: rulesBody, response: dataAnswer(messageRulesSchema) } },
    async (request) => {
      const unique = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
      return {
        data: await repo.saveRules({
          reminder_days: unique(request.body.reminder_days),
          overdue_days: unique(request.body.overdue_days.filter((d) => d > 0)),
          channels: [...new Set(request.body.channels)],
        }),
      };
    },
  );
}
