import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  LinearProgress,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import { Title, useTranslate } from 'react-admin';
import type { PropertyStatus } from '../../../domain/inventory';
import { layOutGrid, readView, useBoard, useComplexes, writeView, type Board, type BoardView } from './boardData';
import { BoardFilters, type FilterOptions } from './BoardFilters';
import { BoardGrid, type Density } from './BoardGrid';
import { BoardLegend } from './BoardLegend';

const DENSITY_KEY = 'board_density';

const optionsOf = (board: Board | undefined): FilterOptions => {
  const sets = { type: new Set<string>(), state: new Set<string>(), view: new Set<string>(), rooms: new Set<number>() };
  let price: { min: number; max: number } | null = null;
  for (const { units } of board?.floors ?? []) {
    for (const unit of units) {
      if (unit.price !== null)
        price = price
          ? { min: Math.min(price.min, unit.price), max: Math.max(price.max, unit.price) }
          : { min: unit.price, max: unit.price };
      sets.type.add(unit.type);
      sets.state.add(unit.state);
      if (unit.view) sets.view.add(unit.view);
      if (unit.rooms !== null) sets.rooms.add(unit.rooms);
    }
  }
  return {
    type: [...sets.type].sort(),
    state: [...sets.state].sort(),
    view: [...sets.view].sort(),
    rooms: [...sets.rooms].sort((a, b) => a - b),
    price,
  };
};

const storedDensity = (): Density =>
  typeof localStorage !== 'undefined' && localStorage.getItem(DENSITY_KEY) === 'detailed' ? 'detailed' : 'fit';

/**
 * /properties/board: the availability board of one complex. Sales staff pick a complex and a block,
 * narrow by type, state, view, rooms and price, read the counts per status, and click a unit to open it.
 * What is shown lives in the address, so the back button from a unit returns to the same board.
 */
export function BoardPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const update = useCallback(
    (patch: Partial<BoardView>) => setParams(writeView({ ...readView(params), ...patch }), { replace: true }),
    [params, setParams],
  );

  const buildings = useComplexes();
  useEffect(() => {
    if (!view.building && buildings.data?.length) update({ building: buildings.data[0].id });
  }, [view.building, buildings.data, update]);

  const board = useBoard(view);
  const layout = useMemo(() => (board.data ? layOutGrid(board.data) : undefined), [board.data]);
  const options = useMemo(() => optionsOf(board.data), [board.data]);

  // 'fit' shows the whole complex at once, with as much in each cell as fits;
  // 'detailed' always shows everything and scrolls.
  const [density, setDensity] = useState<Density>(storedDensity);
  const chooseDensity = (next: Density | null) => {
    if (!next) return;
    setDensity(next);
    localStorage.setItem(DENSITY_KEY, next);
  };

  const toggleStatus = useCallback(
    (status: PropertyStatus) =>
      update({
        status: view.status.includes(status) ? view.status.filter((s) => s !== status) : [...view.status, status],
      }),
    [update, view.status],
  );
  const openUnit = useCallback((id: number) => navigate(`/properties/${id}/show`), [navigate]);

  const selectedBuilding = buildings.data?.find((b) => b.id === view.building) ?? null;
  const blocks = board.data && board.data.building.id === view.building ? board.data.blocks : [];

  return (
    <Box sx={{ pt: 1.5, pb: 1 }}>
      <Title title={translate('board.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Autocomplete
          size="small"
          options={buildings.data ?? []}
          getOptionLabel={(b) => b.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={selectedBuilding}
          disableClearable={Boolean(selectedBuilding)}
          onChange={(_, building) => building && update({ building: building.id, block: undefined })}
          loading={buildings.isPending}
          noOptionsText={translate('app.no_options')}
          loadingText={translate('ra.message.loading')}
          renderInput={(props) => <TextField {...props} label={translate('board.building')} name="building" />}
          sx={{ width: 220 }}
        />
        <BoardFilters view={view} options={options} onChange={update} />
      </Box>

      {buildings.data && buildings.data.length === 0 && (
        <Alert severity="info">{translate('board.no_buildings')}</Alert>
      )}
      {board.error && <Alert severity="error">{(board.error as Error).message}</Alert>}

      {board.data && layout && !board.error && board.data.building.id === view.building && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
            {blocks.length > 1 && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={view.block ?? 'all'}
                onChange={(_, block: number | 'all' | null) =>
                  block !== null && update({ block: block === 'all' ? undefined : block })
                }
                aria-label={translate('board.block')}
              >
                <ToggleButton value="all" sx={{ py: 0.25, textTransform: 'none' }}>
                  {translate('board.all_blocks')}
                </ToggleButton>
                {blocks.map((block) => (
                  <ToggleButton key={block.id} value={block.id} sx={{ py: 0.25, textTransform: 'none' }}>
                    {translate('board.block')} {block.name}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
            <BoardLegend legend={board.data.legend} selected={view.status} onToggle={toggleStatus} />
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {translate('board.matching', { matching: layout.matching, total: layout.total })}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={density}
              onChange={(_, next: Density | null) => chooseDensity(next)}
            >
              <ToggleButton value="fit" aria-label={translate('board.fit')} sx={{ py: 0.25 }}>
                <Tooltip title={translate('board.fit')}>
                  <FitScreenIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="detailed" aria-label={translate('board.detailed')} sx={{ py: 0.25 }}>
                <Tooltip title={translate('board.detailed')}>
                  <ViewModuleIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box sx={{ height: 4 }}>{board.isFetching && <LinearProgress />}</Box>
          {layout.total === 0 ? (
            <Alert severity="info">{translate('board.empty')}</Alert>
          ) : (
            <BoardGrid layout={layout} density={density} onOpen={openUnit} />
          )}
        </>
      )}
      {!board.data && view.building && !board.error && <LinearProgress sx={{ mt: 2 }} />}
    </Box>
  );
}
