import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasAnyPermission, isAdmin } from '../../../domain/access';
import type { Permission } from '../../../domain/permissions';
import { requiredText, V } from '../../../domain/validation';
import type { Db } from '../../db/client';
import { barterProperties, barters, bookings, comments, customers, preSaleBookings, properties, sales, users } from '../../db/schema';
import { currentUser } from '../../core/access';
import { idParams, pathId } from '../../core/fields';
import { forbidden, notFound } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import { needs, type CurrentUser } from '../../core/types';
import { visibleTo } from '../customers';
import { saleVisible } from '../saleLedger';

export const COMMENT_MODELS = ['customer', 'booking', 'pre_sale_booking', 'barter', 'sale'] as const;
type Model = (typeof COMMENT_MODELS)[number];

/** Who may read (and so comment on) each kind of record. */
const READERS: Record<Model, Permission[]> = {
  customer: ['view_customers', 'view_only_own_customers'],
  booking: ['view_bookings'],
  pre_sale_booking: ['view_pre_sale_bookings'],
  barter: ['view_barters'],
  sale: ['view_sales', 'view_only_own_sales'],
};

/** Whether the record exists and the user may see it (own-only customers, building scope of unit-bound deals). */
async function recordVisible(db: Db, user: CurrentUser, model: Model, id: number): Promise<boolean> {
  const one = async (query: Promise<unknown[]>) => (await query).length > 0;
  switch (model) {
    case 'customer':
      return one(db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, id), isNull(customers.deletedAt), visibleTo(user))));
    case 'booking':
      return one(
        db.select({ id: bookings.id }).from(bookings).innerJoin(properties, eq(properties.id, bookings.propertyId)).where(and(eq(bookings.id, id), inBuildingScope(user, properties.buildingId))),
      );
    case 'pre_sale_booking':
      return one(
        db
          .select({ id: preSaleBookings.id })
          .from(preSaleBookings)
          .innerJoin(properties, eq(properties.id, preSaleBookings.propertyId))
          .where(and(eq(preSaleBookings.id, id), inBuildingScope(user, properties.buildingId))),
      );
    case 'barter': {
      // A barter is visible when one of its units is in the user's scope (as GET /barter decides).
      const scope = inBuildingScope(user, properties.buildingId);
      const unitInScope = scope
        ? exists(
            db
              .select({ one: sql`1` })
              .from(barterProperties)
              .innerJoin(properties, eq(properties.id, barterProperties.propertyId))
              .where(and(eq(barterProperties.barterId, barters.id), scope)),
          )
        : undefined;
      return one(db.select({ id: barters.id }).from(barters).where(and(eq(barters.id, id), unitInScope)));
    }
    case 'sale':
      return one(db.select({ id: sales.id }).from(sales).where(and(eq(sales.id, id), saleVisible(user))));
  }
}

const target = z.object({ model: z.enum(COMMENT_MODELS, { error: V.invalidValue }), model_id: pathId() });
const body = z.object({ body: requiredText(5000) });

/** SPEC §7 Comments on customers, bookings, pre-sale bookings, barters and sales; only the author or an admin changes one. */
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

  const withAuthor = () => app.db.select({ comment: comments, authorName: users.fullName }).from(comments).leftJoin(users, eq(users.id, comments.userId));

  const guard = async (user: CurrentUser, model: Model, id: number) => {
    if (!hasAnyPermission(user, READERS[model])) throw forbidden();
    if (!(await recordVisible(app.db, user, model, id))) throw notFound();
  };

  /** A comment the user may change: it must exist, its record must be readable, and the user must be its author or an admin. */
  const editable = async (user: CurrentUser, id: number) => {
    const [row] = await app.db.select().from(comments).where(eq(comments.id, id));
    if (!row) throw notFound();
    await guard(user, row.model as Model, row.modelId);
    if (row.userId !== user.id && !isAdmin(user)) throw forbidden();
    return row;
  };

  app.get('/comments/:model/:model_id', { config: { access: anyReader }, schema: { tags, params: target } }, async (request) => {
    const user = currentUser(request);
    const { model, model_id } = request.params;
    await guard(user, model, model_id);
    const rows = await withAuthor().where(and(eq(comments.model, model), eq(comments.modelId, model_id))).orderBy(desc(comments.createdAt), desc(comments.id));
    return { data: rows.map((r) => present(r.comment, r.authorName, user)) };
  });

  app.post('/comments/:model/:model_id', { config: { access: anyReader }, schema: { tags, params: target, body } }, async (request, reply) => {
    const user = currentUser(request);
    const { model, model_id } = request.params;
    await guard(user, model, model_id);
    const [row] = await app.db.insert(comments).values({ model, modelId: model_id, body: request.body.body, userId: user.id }).returning();
    return reply.status(201).send({ data: present(row, user.fullName, user) });
  });

  app.put('/comments/:id', { config: { access: anyReader }, schema: { tags, params: idParams, body } }, async (request) => {
    const user = currentUser(request);
    await editable(user, request.params.id);
    const [row] = await app.db.update(comments).set({ body: request.body.body, updatedAt: new Date() }).where(eq(comments.id, request.params.id)).returning();
    const [author] = await app.db.select({ name: users.fullName }).from(users).where(eq(users.id, row.userId));
    return { data: present(row, author?.name ?? null, user) };
  });

  app.delete('/comments/:id', { config: { access: anyReader }, schema: { tags, params: idParams } }, async (request) => {
    const user = currentUser(request);
    await editable(user, request.params.id);
    await app.db.delete(comments).where(eq(comments.id, request.params.id));
    return { message: request.t('app.deleted') };
  });
}
