import type { FastifyInstance } from 'fastify';
import { tasksRoutes } from '../modules/tasks';
import { ticketsRoutes } from '../modules/tickets';
import { logsRoutes } from '../modules/logs';

/**
 * Registers staff's work items under /api: tasks (only when MODULE_TASKS is on: otherwise every task route answers
 * 404, as an unknown route does) support tickets, and the activity log (POST /logs, GET /logs/types).
 */
export default async function workArea(app: FastifyInstance) {
  if (app.config.client.flags.tasks) await app.register(tasksRoutes);
  await app.register(ticketsRoutes);
  await app.register(logsRoutes);
}
