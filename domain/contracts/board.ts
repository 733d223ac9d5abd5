import { z } from 'zod';
import { PROPERTY_STATUSES } from '../inventory';

/**
 * One unit as GET /board/{building} answers it: numbers are numbers; `matches` says whether the filters keep it lit.
 */
export const boardUnitSchema = z.object({
  id: z.number(),
  no: z.string(),
  area: z.number(),
  rooms: z.number().nullable(),
  price: z.number().nullable(),
  currency: z.string(),
  status: z.string(),
  state: z.string(),
  type: z.string(),
  view: z.string().nullable(),
  block_id: z.number().nullable(),
  matches: z.boolean(),
});
export type BoardUnit = z.infer<typeof boardUnitSchema>;

export const boardBlockSchema = z.object({ id: z.number(), name: z.string(), floors: z.number().nullable() });
export type BoardBlock = z.infer<typeof boardBlockSchema>;

/** GET /board/{building}: the complex, its blocks, the count per status, and the floors top to bottom. */
export const boardSchema = z.object({
  building: z.object({ id: z.number(), name: z.string() }),
  blocks: z.array(boardBlockSchema),
  legend: z.record(z.enum(PROPERTY_STATUSES), z.number()),
  floors: z.array(z.object({ floor: z.number(), units: z.array(boardUnitSchema) })),
});
export type Board = z.infer<typeof boardSchema>;

/** GET /board: the complexes a board can be drawn for. */
export const boardBuildingSchema = z.object({ id: z.number(), name: z.string() });
export type BoardBuilding = z.infer<typeof boardBuildingSchema>;
