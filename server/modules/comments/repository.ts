import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  barterProperties,
  barters,
  bookings,
  comments,
  customers,
  preSaleBookings,
  properties,
  sales,
  users,
} from '../../db/schema';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { visibleTo } from '../customers';
import { saleVisible } from '../saleLedger';

export const COMMENT_MODELS = ['customer', 'booking', 'pre_sale_booking', 'barter', 'sale'] as const;
export type Model = (typeof COMMENT_MODELS)[number];

/** Whether the record exists and the user may see it (own-only customers, building scope of unit-bound deals). */
export async function recordVisible(db: Db, user: CurrentUser, model: Model, id: number): Promise<boolean> {
  const one = async (query: Promise<unknown[]>) => (await query).length > 0;
  switch (model) {
    case 'customer':
      return one(
        db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.id, id), isNull(customers.deletedAt), visibleTo(user))),
      );
    case 'booking':
      return one(
        db
          .select({ id: bookings.id })
          .from(bookings)
          .innerJoin(properties, eq(properties.id, bookings.propertyId))
          .where(and(eq(bookings.id, id), inBuildingScope(user, properties.buildingId))),
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
      return one(
        db
          .select({ id: barters.id })
          .from(barters)
          .where(and(eq(barters.id, id), unitInScope)),
      );
    }
    case 'sale':
      return one(
        db
          .select({ id: sales.id })
          .from(sales)
          .where(and(eq(sales.id, id), saleVisible(user))),
      );
  }
}

/** The comments' queries; the routes decide who may call them. */
export function createCommentsRepository(db: Db) {
  const withAuthor = () =>
    db
      .select({ comment: comments, authorName: users.fullName })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId));
  return {
    recordVisible: (user: CurrentUser, model: Model, id: number) => recordVisible(db, user, model, id),
    async find(id: number) {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row;
    },
    listOn: (model: Model, modelId: number) =>
      withAuthor()
        .where(and(eq(comments.model, model), eq(comments.modelId, modelId)))
        .orderBy(desc(comments.createdAt), desc(comments.id)),
    async create(model: Model, modelId: number, body: string, userId: number) {
      const [row] = await db.insert(comments).values({ model, modelId, body, userId }).returning();
      return row;
    },
    /** Changes the text; answers the comment with its author's name. */
    async update(id: number, body: string) {
      const [row] = await db
        .update(comments)
        .set({ body, updatedAt: new Date() })
        .where(eq(comments.id, id))
        .returning();
      const [author] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.userId));
      return { row, authorName: author?.name ?? null };
    },
    async remove(id: number) {
      await db.delete(comments).where(eq(comments.id, id));
    },
  };
}
