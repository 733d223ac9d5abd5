import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  managerNotificationSchema,
  notificationRecipientSchema,
  notificationSchema,
  notificationsMetaExtra,
  unreadCountSchema,
} from '../../../domain/contracts/notifications';
import { formBoolean, V } from '../../../domain/validation';
import { translate, type Locale } from '../../../i18n';
import type { notifications } from '../../db/schema';
import { currentUser } from '../../core/access';
import { dataAnswer, listAnswer } from '../../core/answers';
import { idParams, queryId, requiredId } from '../../core/fields';
import { notFound } from '../../core/errors';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { createNotificationsRepository } from './repository';

const tags = ['notifications'];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * A notification's text in the reader's language, from its kind's catalogue entry with its params filled in, escaped:
 * HTML-safe text. A kind without a text reads as a plain "notification".
 */
export function noticeText(locale: Locale, kind: string, params: Record<string, string | number>): string {
  const key = `notifications.kinds.${kind}`;
  const safe = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, escapeHtml(value)]));
  const text = translate(locale, key, safe);
  return text === key ? translate(locale, 'notifications.kinds.unknown') : text;
}

const ownQuery = listQuery.extend({ unread: formBoolean().optional() });
const managerQuery = ownQuery.extend({ user_id: queryId().optional() });
const markBody = z.object({ id: requiredId().optional(), all: formBoolean().optional() }).superRefine((body, ctx) => {
  if (body.id === undefined && body.all !== true) ctx.addIssue({ code: 'custom', path: ['id'], message: V.required });
});

/** Notifications: a member of staff's in-app notifications, unread until marked read; manager mode reads everyone's. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createNotificationsRepository(app.db);

  const present = (row: typeof notifications.$inferSelect, locale: Locale) => ({
    id: row.id,
    kind: row.kind,
    text: noticeText(locale, row.kind, row.params),
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  });

  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: ownQuery, response: listAnswer(notificationSchema, notificationsMetaExtra) },
    },
    async (request) => {
      const user = currentUser(request);
      const { data, meta } = await repo.list(request.query, user.id);
      return { data: data.map((row) => present(row, request.locale)), meta };
    },
  );

  app.get(
    '/notifications/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParams, response: dataAnswer(notificationSchema) },
    },
    async (request) => {
      const row = await repo.own(currentUser(request).id, request.params.id);
      if (!row) throw notFound();
      return { data: present(row, request.locale) };
    },
  );

  app.post(
    '/mark-as-read',
    {
      config: { access: 'authenticated', recordType: 'notifications', logAction: 'marked_read' },
      schema: { tags, body: markBody, response: dataAnswer(unreadCountSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.all) await repo.markAllRead(user.id);
      else if (!(await repo.markRead(user.id, request.body.id!))) throw notFound();
      return { data: { unread: await repo.unread(user.id) } };
    },
  );

  app.get(
    '/manager/notifications',
    {
      config: { access: needs('view_notifications'), recordType: 'notifications' },
      schema: {
        tags,
        querystring: managerQuery,
        response: listAnswer(managerNotificationSchema, notificationsMetaExtra),
      },
    },
    async (request) => {
      const { data, meta } = await repo.list(request.query);
      return {
        data: data.map((row) => ({ ...present(row, request.locale), user_id: row.userId, user_name: row.userName })),
        meta,
      };
    },
  );

  app.get(
    '/manager/notifications/recipients',
    {
      config: { access: needs('view_notifications'), recordType: 'notifications' },
      schema: { tags, response: dataAnswer(z.array(notificationRecipientSchema)) },
    },
    async () => ({ data: await repo.recipients() }),
  );
}
