import type { FastifyInstance } from 'fastify';
import { foldSaleTotals, salesRoutes } from '../modules/sales';

/**
 * Registers the sales area's route plugins under /api: sales, their files, history, trashed sales. One job
 * (core/jobs.ts): the changes to the sales' kept sums are folded in every minute and on start.
 */
export default async function salesArea(app: FastifyInstance) {
  await app.register(salesRoutes);
  app.jobs.define({ name: 'sale-totals', cron: '* * * * *', onStart: 'await', run: () => foldSaleTotals(app.db) });
}
