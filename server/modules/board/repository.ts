import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { blocks, buildings, properties } from '../../db/schema';
import { inBuildingScope } from '../../core/scope';
import { naturalOrder, type BoardUnit } from './grid';

export interface BoardBuilding {
  building: { id: number; name: string };
  blocks: Array<{ id: number; name: string; floors: number | null }>;
}

/** The board's reads: one query for the complex and its blocks, one for its units. Both carry the building scope. */
export function createBoardRepository(db: Db) {
  return {
    /** The complexes the user may see, by name: the board's complex picker. */
    async complexes(user: Principal): Promise<Array<{ id: number; name: string }>> {
      return db
        .select({ id: buildings.id, name: buildings.name })
        .from(buildings)
        .where(inBuildingScope(user, buildings.id))
        .orderBy(asc(buildings.name), asc(buildings.id));
    },

    /** The complex with its blocks in natural order; null when it does not exist or lies outside the user's scope. */
    async building(user: Principal, buildingId: number): Promise<BoardBuilding | null> {
      const rows = await db
        .select({
          id: buildings.id,
          name: buildings.name,
          blockId: blocks.id,
          blockName: blocks.name,
          floors: blocks.floors,
        })
        .from(buildings)
        .leftJoin(blocks, eq(blocks.buildingId, buildings.id))
        .where(and(eq(buildings.id, buildingId), inBuildingScope(user, buildings.id)));
      if (!rows.length) return null;
      const blockList = rows
        .filter((r): r is typeof r & { blockId: number; blockName: string } => r.blockId !== null)
        .map((r) => ({ id: r.blockId, name: r.blockName, floors: r.floors }))
        .sort((a, b) => naturalOrder(a.name, b.name) || a.id - b.id);
      return { building: { id: rows[0].id, name: rows[0].name }, blocks: blockList };
    },

    /** The units on sale or held back in a complex (or one block of it); split-off originals (archived) are not. */
    async units(user: Principal, buildingId: number, blockId?: number): Promise<BoardUnit[]> {
      const rows = await db
        .select({
          id: properties.id,
          no: properties.no,
          floor: properties.floor,
          area: properties.area,
          rooms: properties.rooms,
          price: properties.price,
          currency: properties.currency,
          status: properties.status,
          state: properties.state,
          type: properties.type,
          view: properties.view,
          block_id: properties.blockId,
        })
        .from(properties)
        .where(
          and(
            eq(properties.buildingId, buildingId),
            blockId === undefined ? undefined : eq(properties.blockId, blockId),
            isNull(properties.archivedAt),
            inBuildingScope(user, properties.buildingId),
          ),
        );
      return rows.map((r) => ({
        ...r,
        area: Number(r.area),
        price: r.price === null ? null : Number(r.price),
        matches: true,
      }));
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
