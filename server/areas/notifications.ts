import type { FastifyInstance } from 'fastify';
import { notificationsRoutes } from '../modules/notifications';

/**
 * Registers staff's in-app notifications under /api: GET /notifications, GET /notifications/{id}, POST /mark-as-read
 * and manager mode (GET /manager/notifications). The events that write them live with the events themselves.
 */
export default async function notificationsArea(app: FastifyInstance) {
  await app.register(notificationsRoutes);
}
