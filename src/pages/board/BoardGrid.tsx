import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type FocusEvent,
} from 'react';
import { Box, Chip, Divider, Paper, Popper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatLocaleAmount, useLocaleFormat } from '../../widgets';
import { useReserveMenu } from '../../resources/preSaleBookings/ReserveMenu';
import type { BoardUnit, GridLayout } from './boardData';
import { statusColour, textOn, useEnumLabel } from './labels';

/**
 * 'fit': cells sized so the whole complex fits the screen, showing as much as fits; 'detailed': full cells, scrolling.
 */
export type Density = 'fit' | 'detailed';

/**
 * What a cell has room for, from most to least;
 * on one line the price goes before the area (sales staff look for it first).
 */
type Tier = 'full' | 'two' | 'two_short' | 'line_long' | 'line_price' | 'line_rooms' | 'number';

const DETAILED = { width: 84, height: 44 };
const LIMITS = { minWidth: 44, maxWidth: 160, minHeight: 18, maxHeight: 46 };
const GAP = 2;
const FLOOR_COLUMN = 44;
const BLOCK_GAP = 10;
const HEADER_ROW = 20;
const PADDING = 12;

const tierFor = (width: number, height: number): Tier => {
  if (height >= 42 && width >= 78) return 'full';
  if (height >= 28 && width >= 128) return 'two';
  if (height >= 28 && width >= 72) return 'two_short';
  if (width >= 200) return 'line_long';
  if (width >= 120) return 'line_price';
  if (width >= 70) return 'line_rooms';
  return 'number';
};

/** Cell size for the room available: every column and floor on screen, within readable limits. */
export const cellSize = (layout: GridLayout, density: Density, room: { width: number; height: number }) => {
  const blockGaps = layout.blocks.length * BLOCK_GAP;
  const columns = layout.blocks.reduce((sum, b) => sum + b.width, 0);
  const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, Math.floor(n)));
  const width = clamp(
    (room.width - FLOOR_COLUMN - blockGaps - PADDING - GAP * (columns + layout.blocks.length + 1)) /
      Math.max(1, columns),
    LIMITS.minWidth,
    LIMITS.maxWidth,
  );
  const floorsRows = Math.max(1, layout.rows - 1);
  const height = clamp(
    (room.height - HEADER_ROW - PADDING - GAP * (floorsRows + 1)) / floorsRows,
    LIMITS.minHeight,
    LIMITS.maxHeight,
  );
  if (density === 'detailed')
    return { width: Math.max(width, DETAILED.width), height: DETAILED.height, tier: 'full' as Tier };
  return { width, height, tier: tierFor(width, height) };
};

const areaText = (area: number, locale: string) => `${formatLocaleAmount(area, locale)} m²`;
const priceText = (price: number | null, locale: string) => (price === null ? '—' : formatLocaleAmount(price, locale));

interface CellProps {
  unit: BoardUnit;
  row: number;
  column: number;
  tier: Tier;
  roomsLabel: (count: number) => string;
  /** A status in words: a cell's name says it, not only its colour. */
  statusLabel: (status: BoardUnit['status']) => string;
}

/**
 * The cells' looks, written once on the grid: a cell is a plain element with a class (no per-cell styled
 * component), its place and colours inline, so redrawing 300 of them stays cheap.
 */
const CELLS_SX = {
  '& .cell': {
    borderRadius: '4px',
    padding: '0 4px',
    overflow: 'hidden',
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    lineHeight: '13px',
    whiteSpace: 'nowrap',
    transition: 'opacity 120ms, filter 120ms',
    outlineOffset: '1px',
  },
  '& .cell[data-matches="false"]': { opacity: 0.22, filter: 'grayscale(1)' },
  '& .cell:hover, & .cell:focus-visible': { outline: '2px solid', outlineColor: 'text.primary' },
  '& .cell[data-matches="false"]:hover, & .cell[data-matches="false"]:focus-visible': { opacity: 0.6 },
  '& .cell .line': { display: 'flex', justifyContent: 'space-between', gap: '6px', overflow: 'hidden' },
  '& .cell .no': { fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis' },
} as const;

/**
 * One unit: coloured by status, dimmed when the filters leave it out.
 * Pure and memoised: 300 of them redraw only when their unit changes.
 */
const BoardCell = memo(function BoardCell({ unit, row, column, tier, roomsLabel, statusLabel }: CellProps) {
  const [locale] = useLocaleState();
  const background = statusColour(unit.status);
  const rooms = unit.rooms === null ? null : roomsLabel(unit.rooms);
  const lines = tier === 'full' ? 3 : tier === 'two' || tier === 'two_short' ? 2 : 1;
  const no = <span className="no">{unit.no}</span>;
  let content;
  if (tier === 'full') {
    content = (
      <>
        <div className="line">
          {no}
          {rooms && <span>{rooms}</span>}
        </div>
        <div>{areaText(unit.area, locale)}</div>
        <div>{priceText(unit.price, locale)}</div>
      </>
    );
  } else if (tier === 'two' || tier === 'two_short') {
    content = (
      <>
        <div className="line">
          {no}
          {rooms && <span>{rooms}</span>}
        </div>
        <div className="line">
          <span>{areaText(unit.area, locale)}</span>
          {tier === 'two' && <span>{priceText(unit.price, locale)}</span>}
        </div>
      </>
    );
  } else if (tier === 'number') {
    content = no;
  } else {
    content = (
      <div className="line">
        {no}
        {rooms && <span>{rooms}</span>}
        {tier === 'line_long' && <span>{areaText(unit.area, locale)}</span>}
        {(tier === 'line_price' || tier === 'line_long') && <span>{priceText(unit.price, locale)}</span>}
      </div>
    );
  }
  return (
    <div
      className="cell"
      role="button"
      tabIndex={0}
      data-unit-id={unit.id}
      data-no={unit.no}
      data-status={unit.status}
      data-matches={unit.matches}
      aria-label={`${unit.no}, ${statusLabel(unit.status)}`}
      style={{
        gridRow: row,
        gridColumn: column,
        background,
        color: textOn(background),
        fontSize: lines > 1 ? 10.5 : 11,
        textAlign: tier === 'number' ? 'center' : 'left',
      }}
    >
      {content}
    </div>
  );
});

function UnitDetails({
  unit,
  blockName,
  floor,
  actions,
}: {
  unit: BoardUnit;
  blockName: string;
  floor: number;
  /** A click offers open, reserve and sell (a free unit, a user who may reserve or sell). */
  actions?: boolean;
}) {
  const { amount: formatAmount, locale } = useLocaleFormat();
  const translate = useTranslate();
  const label = useEnumLabel();
  const colour = statusColour(unit.status);
  const perM2 =
    unit.price !== null && unit.area > 0 ? formatAmount((unit.price / unit.area).toFixed(2), unit.currency) : null;
  const rows: Array<[string, string]> = [
    [translate('board.type'), label('property_type', unit.type)],
    ...(unit.rooms !== null ? [[translate('board.rooms'), String(unit.rooms)] as [string, string]] : []),
    [translate('board.area'), areaText(unit.area, locale)],
    [translate('board.price'), unit.price === null ? '—' : formatAmount(unit.price, unit.currency)],
    ...(perM2 ? [[`${translate('board.price')} / m²`, perM2] as [string, string]] : []),
    [translate('board.state'), label('property_state', unit.state)],
    ...(unit.view ? [[translate('board.view'), label('property_view', unit.view)] as [string, string]] : []),
  ];
  return (
    <Paper elevation={8} sx={{ p: 1.5, minWidth: 220, maxWidth: 300 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle2">
          {translate('board.unit')} {unit.no}
        </Typography>
        <Chip
          size="small"
          label={label('property_status', unit.status)}
          sx={{ bgcolor: colour, color: textOn(colour) }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {[blockName && `${translate('board.block')} ${blockName}`, `${translate('board.floor')} ${floor}`]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Divider sx={{ my: 0.75 }} />
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}
      >
        {rows.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {name}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.75 }}>
        {translate(actions ? 'board.click_actions' : 'board.open_unit')}
      </Typography>
    </Paper>
  );
}

/** The width of the grid's box and the height left for it down to the bottom of the window, kept up to date. */
function useRoom() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState({ width: 1000, height: 560 });
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = Math.max(
        240,
        Math.floor(window.innerHeight - element.getBoundingClientRect().top - window.scrollY - 12),
      );
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return { ref: setElement, size };
}

/** The grid's headings, fixed while it scrolls: the floor column's title, each block's name and each floor's number. */
function GridHeadings({ layout, showBlockNames }: { layout: GridLayout; showBlockNames: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Box
        sx={{
          gridRow: 1,
          gridColumn: 1,
          position: 'sticky',
          top: 0,
          left: 0,
          zIndex: 3,
          bgcolor: 'background.paper',
          fontSize: 11,
          color: 'text.secondary',
          textAlign: 'center',
        }}
      >
        {translate('board.floor_short')}
      </Box>
      {showBlockNames &&
        layout.blocks.map((block) => (
          <Box
            key={`block-${block.id}`}
            sx={{
              gridRow: 1,
              gridColumn: `${block.column} / span ${block.width}`,
              position: 'sticky',
              top: 0,
              zIndex: 2,
              bgcolor: 'background.paper',
              fontSize: 12,
              fontWeight: 600,
              color: 'text.secondary',
              pb: 0.25,
            }}
          >
            {block.name && `${translate('board.block')} ${block.name}`}
          </Box>
        ))}
      {layout.floors.map(({ floor, row, lines }) => (
        <Box
          key={`floor-${floor}`}
          role="heading"
          aria-level={3}
          aria-label={`${translate('board.floor')} ${floor}`}
          sx={{
            gridRow: `${row} / span ${lines}`,
            gridColumn: 1,
            position: 'sticky',
            left: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            pr: 0.75,
            fontSize: 12,
            fontWeight: 600,
            color: 'text.secondary',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {floor}
        </Box>
      ))}
    </>
  );
}

/**
 * The floor × unit grid: one CSS grid, floors as rows (top floor first), each block's units side by side.
 * Hover, focus, click and Enter are handled once on the grid (event delegation), not per cell.
 */
export function BoardGrid({
  layout,
  density,
  onOpen,
}: {
  layout: GridLayout;
  density: Density;
  onOpen: (unitId: number) => void;
}) {
  const translate = useTranslate();
  const room = useRoom();
  const size = useMemo(() => cellSize(layout, density, room.size), [layout, density, room.size]);
  const [hovered, setHovered] = useState<{ anchor: HTMLElement; unitId: string } | null>(null);
  const reserve = useReserveMenu(onOpen);
  const roomsLabel = useCallback((count: number) => translate('board.rooms_count', { count }), [translate]);
  const enumLabel = useEnumLabel();
  const statusLabel = useCallback((status: string) => enumLabel('property_status', status), [enumLabel]);
  const byId = useMemo(() => new Map(layout.cells.map((cell, index) => [String(cell.unit.id), index])), [layout]);
  const blockNames = useMemo(() => new Map(layout.blocks.map((b) => [b.id, b.name])), [layout]);
  const showBlockNames = layout.blocks.length > 1 || Boolean(layout.blocks[0]?.name);

  const template = useMemo(() => {
    const parts = [`${FLOOR_COLUMN}px`];
    layout.blocks.forEach((block) => parts.push(`repeat(${block.width}, ${size.width}px)`, `${BLOCK_GAP}px`));
    return parts.join(' ');
  }, [layout, size.width]);

  const cellOf = (target: EventTarget | null) =>
    target instanceof HTMLElement ? target.closest<HTMLElement>('[data-unit-id]') : null;
  const show = (event: MouseEvent | FocusEvent) => {
    const cell = cellOf(event.target);
    if (cell) {
      if (hovered?.anchor !== cell) setHovered({ anchor: cell, unitId: cell.dataset.unitId! });
    } else if (hovered) setHovered(null);
  };
  const open = (event: MouseEvent | KeyboardEvent) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    // a free unit offers its actions (open, reserve, sell) to a click or tap; any other unit opens at once
    if (reserve.offers(cell)) {
      setHovered(null);
      reserve.openAt(cell);
    } else onOpen(Number(cell.dataset.unitId));
  };

  // Looked up by id, so a board that reloads under the pointer shows the unit's new state (or nothing if it left).
  const hoveredIndex = hovered ? byId.get(hovered.unitId) : undefined;
  const current = hoveredIndex === undefined ? undefined : layout.cells[hoveredIndex];
  return (
    <Box
      ref={room.ref}
      role="region"
      aria-label={translate('board.units')}
      data-tier={size.tier}
      sx={{
        overflow: 'auto',
        scrollbarGutter: 'stable',
        contain: 'inline-size',
        maxHeight: room.size.height,
        position: 'relative',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
      onMouseOver={show}
      onFocus={show}
      onMouseLeave={() => setHovered(null)}
      onBlur={() => setHovered(null)}
      onClick={open}
      onContextMenu={reserve.onContextMenu}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open(event);
        }
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: template,
          gridTemplateRows: `auto repeat(${Math.max(1, layout.rows - 1)}, ${size.height}px)`,
          gap: `${GAP}px`,
          p: `${PADDING / 2}px`,
          width: 'max-content',
          ...CELLS_SX,
        }}
      >
        <GridHeadings layout={layout} showBlockNames={showBlockNames} />
        {layout.cells.map((cell) => (
          <BoardCell
            key={cell.unit.id}
            unit={cell.unit}
            row={cell.row}
            column={cell.column}
            tier={size.tier}
            roomsLabel={roomsLabel}
            statusLabel={statusLabel}
          />
        ))}
      </Box>
      <Popper
        role="tooltip"
        open={Boolean(current)}
        anchorEl={hovered?.anchor}
        placement="right-start"
        sx={{ zIndex: 1500, pointerEvents: 'none' }}
        // beside the cell where there is room, else under or over it; never past the screen's edge (a phone)
        modifiers={[
          { name: 'offset', options: { offset: [0, 6] } },
          { name: 'flip', options: { fallbackPlacements: ['left-start', 'bottom', 'top'] } },
          { name: 'preventOverflow', options: { altAxis: true, padding: 8 } },
        ]}
      >
        {current && (
          <UnitDetails
            actions={reserve.allowed && current.unit.status === 'free'}
            unit={current.unit}
            floor={current.floor}
            blockName={blockNames.get(current.unit.block_id) ?? ''}
          />
        )}
      </Popper>
      {reserve.menu}
    </Box>
  );
}
