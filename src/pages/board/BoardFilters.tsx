import { useEffect, useState } from 'react';
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useTranslate } from 'react-admin';
import { minMaxError } from '../../../domain/validation';
import { RangeSlider, sliderStep } from '../../widgets';
import type { BoardView } from './boardData';
import { useEnumLabel, type Vocabulary } from './labels';

export interface FilterOptions {
  type: string[];
  state: string[];
  view: string[];
  rooms: number[];
  /** The complex's cheapest and dearest priced unit: the price slider's ends. */
  price?: { min: number; max: number } | null;
}

const VOCABULARY: Record<'type' | 'state' | 'view', Vocabulary> = {
  type: 'property_type',
  state: 'property_state',
  view: 'property_view',
};

const bound = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isNaN(n) ? 0 : Math.max(0, n);
};

/** Price from/to: applied when both make sense (min not above max), on Enter or on leaving a box. */
function PriceRange({
  from,
  to,
  range,
  onChange,
}: {
  from?: number;
  to?: number;
  range?: { min: number; max: number } | null;
  onChange: (range: { price_from?: number; price_to?: number }) => void;
}) {
  const translate = useTranslate();
  const [fromText, setFromText] = useState(from === undefined ? '' : String(from));
  const [toText, setToText] = useState(to === undefined ? '' : String(to));
  useEffect(() => setFromText(from === undefined ? '' : String(from)), [from]);
  useEffect(() => setToText(to === undefined ? '' : String(to)), [to]);
  const error = minMaxError(bound(fromText) ?? null, bound(toText) ?? null);
  const apply = () => {
    if (error) return;
    const next = { price_from: bound(fromText), price_to: bound(toText) };
    if (next.price_from !== from || next.price_to !== to) onChange(next);
  };
  const box = (name: 'price_from' | 'price_to', value: string, set: (text: string) => void) => (
    <TextField
      size="small"
      type="number"
      name={name}
      label={`${translate('board.price')} ${translate(name === 'price_from' ? 'widgets.min' : 'widgets.max').toLowerCase()}`}
      value={value}
      error={Boolean(error)}
      onChange={(event) => set(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => event.key === 'Enter' && apply()}
      slotProps={{ htmlInput: { min: 0, step: 1000 } }}
      sx={{ width: 120 }}
    />
  );
  return (
    <Tooltip title={error ? translate(error) : ''} open={Boolean(error)} placement="bottom">
      <Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {box('price_from', fromText, setFromText)}
          {box('price_to', toText, setToText)}
        </Box>
        {range && range.max > range.min && (
          <RangeSlider
            range={range}
            step={sliderStep(range.min, range.max, 1000)}
            lower={bound(fromText) ?? null}
            upper={bound(toText) ?? null}
            label={translate('board.price')}
            onSlide={(lower, upper) => {
              setFromText(lower === null ? '' : String(lower));
              setToText(upper === null ? '' : String(upper));
            }}
            onCommit={(lower, upper) => onChange({ price_from: lower ?? undefined, price_to: upper ?? undefined })}
          />
        )}
      </Box>
    </Tooltip>
  );
}

/** The board's filters: type, state, view and rooms offer only what the complex has; price is a range. */
export function BoardFilters({
  view,
  options,
  onChange,
}: {
  view: BoardView;
  options: FilterOptions;
  onChange: (patch: Partial<BoardView>) => void;
}) {
  const translate = useTranslate();
  const label = useEnumLabel();
  const select = (key: 'type' | 'state' | 'view', width: number) => (
    <TextField
      select
      size="small"
      name={key}
      label={translate(`board.${key}`)}
      value={view[key] ?? ''}
      onChange={(event) => onChange({ [key]: event.target.value || undefined })}
      sx={{ width }}
    >
      <MenuItem value="">
        <em>{translate('board.any')}</em>
      </MenuItem>
      {options[key].map((value) => (
        <MenuItem key={value} value={value}>
          {label(VOCABULARY[key], value)}
        </MenuItem>
      ))}
    </TextField>
  );
  const filtered =
    ['type', 'state', 'view', 'rooms', 'price_from', 'price_to'].some(
      (k) => view[k as keyof BoardView] !== undefined,
    ) || view.status.length > 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {select('type', 130)}
      {select('state', 160)}
      {select('view', 120)}
      <TextField
        select
        size="small"
        name="rooms"
        label={translate('board.rooms')}
        value={view.rooms ?? ''}
        onChange={(event) => onChange({ rooms: event.target.value === '' ? undefined : Number(event.target.value) })}
        sx={{ width: 110 }}
      >
        <MenuItem value="">
          <em>{translate('board.any')}</em>
        </MenuItem>
        {options.rooms.map((rooms) => (
          <MenuItem key={rooms} value={rooms}>
            {rooms}
          </MenuItem>
        ))}
      </TextField>
      <PriceRange from={view.price_from} to={view.price_to} range={options.price} onChange={onChange} />
      <Tooltip title={translate('board.clear')}>
        <span>
          <IconButton
            aria-label={translate('board.clear')}
            disabled={!filtered}
            onClick={() =>
              onChange({
                type: undefined,
                state: undefined,
                view: undefined,
                rooms: undefined,
                price_from: undefined,
                price_to: undefined,
                status: [],
              })
            }
          >
            <FilterAltOffIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
