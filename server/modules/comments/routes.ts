import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasAnyPermission, isAdmin } from '../../../domain/access';
import type { Permission } from '../../../domain/permissions';
import { requiredText, V } from '../../../domain/validation';
import type { comments } from '../../db/schema';
import { currentUser } from '../../core/access';
import { idParams, pathId } from '../../core/fields';
import { forbidden, notFound } from '../../core/errors';
import { needs, type CurrentUser } from '../../core/types';
import { COMMENT_MODELS, createCommentsRepository, type Model } from './repository';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { commentRowSchema } from '../../../domain/contracts/attachments';
import { messageSchema } from '../../../domain/contracts/users';

/** Who may read (and so comment on) each kind of record. */
const READERS: Record<Model, Permission[]> = {
  customer: ['view_customers', 'view_only_own_customers'],
  booking: ['view_bookings'],
  pre_sale_booking: ['view_pre_sale_bookings'],
  barter: ['view_barters'],
  sale: ['view_sales', 'view_only_own_sales'],
};

const target = z.object({ model: z.enum(COMMENT_MODELS, { error: V.invalidValue }), model_id: pathId() });
const body = z.object({ body: requiredText(5000) });

/** Comments on customers, bookings, pre-sale bookings, barters and sales; only the author or an admin changes one. */
export default async function commentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  // Any one of the record kinds' view permissions opens the calls; each call then checks the one its model needs.
  const anyReader = needs(...new Set(Object.values(READERS).flat()));

  const present = (row: typeof comments.$inferSelect, authorName: string | null, user: CurrentUser) => ({
    id: row.id,
    model: row.model,
    model_id: row.modelId,
    body: row.body,
    user_id: row.userId,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_edit: row.userId === user.id || isAdmin(user),
  });

  const repo = createCommentsRepository(app.db);

  const guard = async (user: CurrentUser, model: Model, id: number) => {
    if (!hasAnyPermission(user, READERS[model])) throw forbidden();
    if (!(await repo.recordVisible(user, model, id))) throw notFound();
  };

  /**
   * A comment the user may change:
   * it must exist, its record must be readable, and the user must be its author or an admin.
   */
  const editable = async (user: CurrentUser, id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound();
    await guard(user, row.model as Model, row.modelId);
    if (row.userId !== user.id && !isAdmin(user)) throw forbidden();
    return row;
  };

  app.get(
    '/comments/:model/:model_id',
    {
      config: { access: anyReader },
      schema: { tags, params: target, response: dataAnswer(z.array(commentRowSchema)) },
    },
    async (request) => {
      const user = currentUser(request);
      const { model, model_id } = request.params;
      await guard(user, model, model_id);
      const rows = await repo.listOn(model, model_id);
      return { data: rows.map((r) => present(r.comment, r.authorName, user)) };
    },
  );

  app.post(
    '/comments/:model/:model_id',
    {
      config: { access: anyReader, logAction: 'comment_added' },
      schema: { tags, params: target, body, response: createdAnswer(commentRowSchema) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { model, model_id } = request.params;
      await guard(user, model, model_id);
      const row = await repo.create(model, model_id, request.body.body, user.id);
      return reply.status(201).send({ data: present(row, user.fullName, user) });
    },
  );

  app.put(
    '/comments/:id',
    { config: { access: anyReader }, schema: { tags, params: idParams, body, response: dataAnswer(commentRowSchema) } },
    async (request) => {
      const user = currentUser(request);
      await editable(user, request.params.id);
      const { row, authorName } = await repo.update(request.params.id, request.body.body);
      return { data: present(row, authorName, user) };
    },
  );

  app.delete(
    '/comments/:id',
    { config: { access: anyReader }, schema: { tags, params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentUser(request);
      await editable(user, request.params.id);
      await repo.remove(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
