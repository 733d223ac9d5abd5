import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasPermission } from '../../../domain/access';
import { LOG_ACTIONS, recordLink } from '../../../domain/activityLog';
import { customerName, invoiceNumber } from '../../../domain/names';
import { activityLogSchema, logTypesSchema } from '../../../domain/contracts/logs';
import { currentUser } from '../../core/access';
import { dataAnswer, listAnswer } from '../../core/answers';
import { optionalDate, optionalId, optionalText } from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { createLogsRepository } from './repository';

const tags = ['logs'];
const readers = needs('view_all_logs', 'view_own_logs');

/** POST /logs: the filters and paging as a JSON body. */
const logsBody = listQuery.extend({
  user_id: optionalId(),
  record_type: optionalText(100),
  record_id: optionalText(100),
  action: optionalText(100),
  date_from: optionalDate(),
  date_to: optionalDate(),
});

/** The name of a record type or action in the request's language; unknown ones read as they are stored. */
const named = (t: (key: string) => string, group: string, id: string) => {
  const key = `logs.${group}.${id}`;
  const text = t(key);
  return text === key ? id : text;
};

/**
 * Logs: POST /logs (filtered, paged) and GET /logs/types. view_all_logs reads everyone's entries,
 * view_own_logs only the user's own (whatever user_id asks); either only those about no complex's record or about one
 * of the user's complexes. Entries are never changed or deleted through the API.
 */
export default async function logsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createLogsRepository(app.db);

  // a read with its filters in the body: the activity log does not record it
  app.post(
    '/logs',
    {
      config: { access: readers, recordType: 'logs', readOnly: true },
      schema: { tags, body: logsBody, response: listAnswer(activityLogSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const q = request.body;
      const own = !hasPermission(user, 'view_all_logs');
      const { rows, meta } = await repo.list(user, { ...q, user_id: own ? user.id : (q.user_id ?? undefined) });
      return {
        data: rows.map(({ log, userName, recordName, customerNames }) => ({
          id: log.id,
          user_id: log.userId,
          user_name: userName,
          action: log.action,
          method: log.method,
          route: log.route,
          record_type: log.recordType,
          record_id: log.recordId,
          record_name: customerNames
            ? customerName(customerNames, request.locale)
            : log.recordType === 'invoices' && log.recordId
              ? invoiceNumber(Number(log.recordId))
              : recordName,
          link: recordLink(log.recordType, log.recordId),
          changes: log.changes ?? null,
          old_values: log.oldValues ?? null,
          status_code: log.statusCode,
          created_at: log.createdAt.toISOString(),
        })),
        meta,
      };
    },
  );

  app.get(
    '/logs/types',
    { config: { access: readers }, schema: { tags, response: dataAnswer(logTypesSchema) } },
    async (request) => {
      const user = currentUser(request);
      const types = await repo.recordTypes(hasPermission(user, 'view_all_logs') ? undefined : user.id);
      return {
        data: {
          record_types: types.map((id) => ({ id, name: named((k) => request.t(k), 'types', id) })),
          actions: LOG_ACTIONS.map((id) => ({ id, name: named((k) => request.t(k), 'actions', id) })),
        },
      };
    },
  );
}
