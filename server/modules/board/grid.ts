import { PROPERTY_STATUSES, type PropertyStatus } from '../../../domain/inventory';
import type { BoardUnit as BoardUnitAnswer } from '../../../domain/contracts/board';

/** One unit as the board draws it (domain/contracts/board.ts), with its floor while the grid is laid out. */
export type BoardUnit = BoardUnitAnswer & { floor: number };

export interface BoardFilters {
  type?: string;
  state?: string;
  view?: string;
  rooms?: number;
  price_from?: number;
  price_to?: number;
  /** Empty: every status. */
  status: readonly string[];
}

export type Legend = Record<PropertyStatus, number>;

export interface BoardFloor {
  floor: number;
  units: Array<Omit<BoardUnit, 'floor'>>;
}

/** Unit and block numbers in the order people read them: 2 before 10, 'A-2' before 'A-10'. */
export const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

/** Whether a unit passes every filter except status; the legend counts these. */
const passesShapeFilters = (unit: BoardUnit, f: BoardFilters) =>
  (f.type === undefined || unit.type === f.type) &&
  (f.state === undefined || unit.state === f.state) &&
  (f.view === undefined || unit.view === f.view) &&
  (f.rooms === undefined || unit.rooms === f.rooms) &&
  (f.price_from === undefined || (unit.price !== null && unit.price >= f.price_from)) &&
  (f.price_to === undefined || (unit.price !== null && unit.price <= f.price_to));

/**
 * Lays the units out as the board shows them: floors top first, and within a floor by block (in the blocks'
 * order) then by number in natural order. Every unit stays on the grid so the building keeps its shape; the
 * filters only set `matches`. The legend counts the units that pass the filters other than status, so picking
 * a status never hides the counts of the others.
 */
export function layOutBoard(
  units: BoardUnit[],
  blockOrder: readonly number[],
  filters: BoardFilters,
): { legend: Legend; floors: BoardFloor[] } {
  const legend = Object.fromEntries(PROPERTY_STATUSES.map((s) => [s, 0])) as Legend;
  const blockRank = new Map(blockOrder.map((id, i) => [id, i]));
  const rank = (blockId: number | null) => (blockId === null ? -1 : (blockRank.get(blockId) ?? blockOrder.length));
  const byFloor = new Map<number, BoardUnit[]>();
  for (const unit of units) {
    const shapeMatch = passesShapeFilters(unit, filters);
    if (shapeMatch && unit.status in legend) legend[unit.status as PropertyStatus] += 1;
    unit.matches = shapeMatch && (filters.status.length === 0 || filters.status.includes(unit.status));
    const floor = byFloor.get(unit.floor);
    if (floor) floor.push(unit);
    else byFloor.set(unit.floor, [unit]);
  }
  const floors = [...byFloor.entries()]
    .sort(([a], [b]) => b - a)
    .map(([floor, list]) => ({
      floor,
      units: list
        .sort((a, b) => rank(a.block_id) - rank(b.block_id) || naturalOrder(a.no, b.no) || a.id - b.id)
        .map(({ floor: _floor, ...unit }) => unit),
    }));
  return { legend, floors };
}
