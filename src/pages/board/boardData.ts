import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROPERTY_STATUSES, type PropertyStatus } from '../../../domain/inventory';

/** GET /api/board/:building_id, as the screen reads it (domain/contracts/board.ts). */
import type { Board, BoardUnit } from '../../../domain/contracts/board';
import { useAppData } from '../../providers/useAppData';
export type { Board, BoardBlock, BoardUnit } from '../../../domain/contracts/board';

/**
 * What the board shows, kept in the address (#/properties/board?building=3&rooms=2) so it survives a visit to a unit.
 */
export interface BoardView {
  building?: number;
  block?: number;
  type?: string;
  state?: string;
  view?: string;
  rooms?: number;
  price_from?: number;
  price_to?: number;
  status: PropertyStatus[];
}

const positive = (text: string | null) => {
  const n = Number(text);
  return text !== null && text !== '' && Number.isFinite(n) && n >= 0 ? n : undefined;
};
const text = (value: string | null) => (value ? value : undefined);

export const readView = (params: URLSearchParams): BoardView => ({
  building: positive(params.get('building')),
  block: positive(params.get('block')),
  type: text(params.get('type')),
  state: text(params.get('state')),
  view: text(params.get('view')),
  rooms: positive(params.get('rooms')),
  price_from: positive(params.get('price_from')),
  price_to: positive(params.get('price_to')),
  status: (params.get('status') ?? '')
    .split(',')
    .filter((s): s is PropertyStatus => (PROPERTY_STATUSES as readonly string[]).includes(s)),
});

export const writeView = (view: BoardView): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params;
};

/** The complexes the user may open on the board (GET /api/board), by name. */
export function useComplexes() {
  const provider = useAppData();
  return useQuery({
    queryKey: ['board', 'complexes'],
    queryFn: () => provider.boardBuildings(),
    staleTime: 60_000,
  });
}

const isRefusal = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** The board of one complex; while filters change, the previous board stays on screen (no flicker). */
export function useBoard(view: BoardView) {
  const provider = useAppData();
  const query = new URLSearchParams();
  if (view.block) query.set('block_id', String(view.block));
  for (const key of ['type', 'state', 'view', 'rooms', 'price_from', 'price_to'] as const) {
    if (view[key] !== undefined) query.set(key, String(view[key]));
  }
  view.status.forEach((s) => query.append('status[]', s));
  return useQuery({
    queryKey: ['board', view.building, query.toString()],
    queryFn: () => provider.board(view.building!, query),
    enabled: Boolean(view.building),
    // The previous board stays while this complex's filters change, never when another complex is chosen.
    placeholderData: (previous) => (previous?.building.id === view.building ? keepPreviousData(previous) : undefined),
    // A refusal (404 outside the user's complexes, 403) is final:
    // shown at once instead of retried behind a loading bar.
    retry: (count, error) => count < 2 && !isRefusal(error),
    staleTime: 15_000,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Where each cell goes
// ---------------------------------------------------------------------------------------------------------

export interface PlacedCell {
  unit: BoardUnit;
  floor: number;
  row: number;
  column: number;
}
export interface GridLayout {
  /** Each block's first column and width (blocks side by side, a gap between them). */
  blocks: Array<{ id: number | null; name: string; column: number; width: number }>;
  /** Each floor's first row and how many rows it takes (a basement of 24 parking spaces wraps). */
  floors: Array<{ floor: number; row: number; lines: number }>;
  cells: PlacedCell[];
  columns: number;
  rows: number;
  total: number;
  matching: number;
}

/** Widest row a block gets: its widest floor above ground (basements wrap onto more lines), at most 16. */
const MAX_WIDTH = 16;

/**
 * Places the units on a grid: blocks side by side, floors top down, the units of a floor left to right in the
 * API's order, so a column of cells is the same flat on every floor.
 */
export function layOutGrid(board: Board): GridLayout {
  const blockNames = new Map(board.blocks.map((b) => [b.id, b.name]));
  const order: Array<number | null> = [];
  const counts = new Map<number | null, Map<number, number>>();
  let total = 0;
  let matching = 0;
  for (const { floor, units } of board.floors) {
    for (const unit of units) {
      total += 1;
      if (unit.matches) matching += 1;
      if (!counts.has(unit.block_id)) {
        counts.set(unit.block_id, new Map());
        order.push(unit.block_id);
      }
      const perFloor = counts.get(unit.block_id)!;
      perFloor.set(floor, (perFloor.get(floor) ?? 0) + 1);
    }
  }
  const rank = (id: number | null) => (id === null ? -1 : board.blocks.findIndex((b) => b.id === id));
  order.sort((a, b) => rank(a) - rank(b));

  const blocks: GridLayout['blocks'] = [];
  let column = 2; // column 1 holds the floor numbers
  for (const id of order) {
    const perFloor = counts.get(id)!;
    const above = [...perFloor.entries()].filter(([floor]) => floor >= 1).map(([, n]) => n);
    const width = Math.min(MAX_WIDTH, Math.max(1, ...(above.length ? above : [...perFloor.values()])));
    blocks.push({ id, name: id === null ? '' : (blockNames.get(id) ?? ''), column, width });
    column += width + 1; // one narrow gap column after each block
  }
  const widthOf = new Map(blocks.map((b) => [b.id, b]));

  const floors: GridLayout['floors'] = [];
  const cells: PlacedCell[] = [];
  let row = 2; // row 1 holds the block names
  for (const { floor, units } of board.floors) {
    let lines = 1;
    for (const [id, perFloor] of counts)
      lines = Math.max(lines, Math.ceil((perFloor.get(floor) ?? 0) / widthOf.get(id)!.width));
    floors.push({ floor, row, lines });
    const seen = new Map<number | null, number>();
    for (const unit of units) {
      const block = widthOf.get(unit.block_id)!;
      const index = seen.get(unit.block_id) ?? 0;
      seen.set(unit.block_id, index + 1);
      cells.push({
        unit,
        floor,
        row: row + Math.floor(index / block.width),
        column: block.column + (index % block.width),
      });
    }
    row += lines;
  }
  return { blocks, floors, cells, columns: column - 1, rows: row - 1, total, matching };
}
