import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROPERTY_STATUSES, PROPERTY_TYPES, PROPERTY_VIEWS } from '../../../domain/inventory';
import { V, listOf, minMaxError } from '../../../domain/validation';
import { boardBuildingSchema, boardSchema } from '../../../domain/contracts/board';
import { dataAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { AppError } from '../../core/errors';
import { needs } from '../../core/types';
import { pathId, queryId } from '../../core/fields';
import { layOutBoard } from './grid';
import { createBoardRepository } from './repository';

const tags = ['board'];

/** An empty query value (`type=`) means the filter is off. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const statusList = listOf(z.enum(PROPERTY_STATUSES, { error: V.invalidValue }));

const params = z.object({ building_id: pathId(V.invalidType) });

const query = z
  .object({
    block_id: optional(queryId()),
    type: optional(z.enum(PROPERTY_TYPES, { error: V.invalidValue })),
    /** States are per complex (its property_states keys), so any key is accepted. */
    state: optional(z.string().trim().max(60, { error: V.tooLong })),
    view: optional(z.enum(PROPERTY_VIEWS, { error: V.invalidValue })),
    rooms: optional(
      z.coerce
        .number({ error: V.invalidType })
        .int({ error: V.invalidType })
        .min(0, { error: V.invalidValue })
        .max(100, { error: V.invalidValue }),
    ),
    price_from: optional(z.coerce.number({ error: V.invalidType }).min(0, { error: V.invalidValue })),
    price_to: optional(z.coerce.number({ error: V.invalidType }).min(0, { error: V.invalidValue })),
    /** A list filter's several values as `status[]=free&status[]=booked`, also `status=free,booked`. */
    status: statusList.optional(),
  })
  .superRefine((q, ctx) => {
    const problem = minMaxError(q.price_from ?? null, q.price_to ?? null);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price_to'], message: problem });
  });

/**
 * The availability board: a complex's units as a floor × unit grid with counts per status.
 * Sales staff, booking and barter staff all work from it, so any one of the three view permissions opens it.
 */
export default async function boardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBoardRepository(app.db);

  // The complex picker has its own list: the board opens with any of the three permissions, and not every
  // holder of them may read GET /buildings.
  app.get(
    '/board',
    {
      config: { access: needs('view_properties', 'view_bookings', 'view_barters') },
      schema: { tags, response: dataAnswer(z.array(boardBuildingSchema)) },
    },
    async (request) => ({ data: await repo.complexes(currentUser(request)) }),
  );

  app.get(
    '/board/:building_id',
    {
      config: { access: needs('view_properties', 'view_bookings', 'view_barters') },
      schema: { tags, params, querystring: query, response: dataAnswer(boardSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const { building_id: buildingId } = request.params;
      const { block_id: blockId, status = [], ...shape } = request.query;
      const [found, units] = await Promise.all([
        repo.building(user, buildingId),
        repo.units(user, buildingId, blockId),
      ]);
      if (!found) throw new AppError(404, 'board.building_not_found');
      if (blockId !== undefined && !found.blocks.some((b) => b.id === blockId))
        throw new AppError(404, 'board.block_not_found');
      const { legend, floors } = layOutBoard(
        units,
        found.blocks.map((b) => b.id),
        { ...shape, status },
      );
      return { data: { ...found, legend, floors } };
    },
  );
}
