import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, ilike } from 'drizzle-orm';
import { buildings } from '../../db/schema';
import { currentUser } from '../../core/access';
import { inBuildingScope } from '../../core/scope';
import { likePattern, listQuery, pageMeta, pageWindow, sortColumn, totalCount } from '../../core/paging';
import { needs } from '../../core/types';

/** The list of complexes within the user's building scope; the inventory module grows this area. */
export default async function buildingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/buildings', { config: { access: needs('view_buildings', 'view_users') }, schema: { tags: ['buildings'], querystring: listQuery } }, async (request) => {
    const q = request.query;
    const { limit, offset } = pageWindow(q);
    const column = sortColumn(q.sort, { id: buildings.id, name: buildings.name }, 'name');
    const rows = await app.db
      .select({ id: buildings.id, name: buildings.name, total: totalCount })
      .from(buildings)
      .where(and(inBuildingScope(currentUser(request), buildings.id), q.query ? ilike(buildings.name, likePattern(q.query)) : undefined))
      .orderBy(q.order === 'desc' ? desc(column) : asc(column), asc(buildings.id))
      .limit(limit)
      .offset(offset);
    return { data: rows.map(({ total: _total, ...row }) => row), meta: pageMeta(q, rows[0]?.total ?? 0, rows.length) };
  });
}
