import { Box, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import { CURRENCIES } from '../../../domain/money';
import { orderedPeriod } from '../../../domain/dateFormats';
import { useAppData } from '../../providers/useAppData';
import { PeriodPicker } from './PeriodPicker';

export interface ReportFilterState {
  date_from: string;
  date_to: string;
  year: number;
  currency: 'GEL' | 'USD' | 'EUR';
  building_ids: number[];
  block_ids: number[];
}

export const yearFilters = (year: number): Pick<ReportFilterState, 'year' | 'date_from' | 'date_to'> => ({
  year,
  date_from: `${year}-01-01`,
  date_to: `${year}-12-31`,
});

export const defaultReportFilters = (): ReportFilterState => ({
  ...yearFilters(new Date().getFullYear()),
  currency: 'GEL',
  building_ids: [],
  block_ids: [],
});

/** A filter as wide as what it shows, not the theme's full width, so the filters share one row. */
const compact = { width: 'auto', maxWidth: 320, m: 0 };

type ComplexWithBlocks = { id: number | string; name: unknown; blocks?: Array<{ id: number; name: string }> };

/** The blocks a report may be narrowed to: those of the chosen complexes (of every complex when none is chosen). */
export const blocksOf = (complexes: ComplexWithBlocks[], buildingIds: number[]) =>
  complexes
    .filter((b) => !buildingIds.length || buildingIds.includes(Number(b.id)))
    .flatMap((b) => (b.blocks ?? []).map((block) => ({ id: block.id, label: `${String(b.name)} — ${block.name}` })));

/** A period whose end is before its start is swapped, as the server does. */
export const withPeriod = (f: ReportFilterState, from: string, to: string): ReportFilterState => {
  const [date_from, date_to] = orderedPeriod(from, to);
  return { ...f, date_from, date_to };
};

/**
 * The filter panel every report shares: the period (two calendar pickers, Monday first, swapped when reversed), the
 * year (sets the period to the whole year), the complexes (none: all in the user's scope), their blocks, and the
 * currency of presentation.
 */
export function ReportFilters({
  value,
  onChange,
  period,
  currency,
}: {
  value: ReportFilterState;
  onChange: (next: ReportFilterState) => void;
  period: boolean;
  currency: boolean;
}) {
  const translate = useTranslate();
  const appData = useAppData();
  const { data: range } = useQuery({ queryKey: ['report-years'], queryFn: () => appData.reportYears() });
  const { data: complexes = [] } = useGetList('buildings', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const blocks = blocksOf(complexes as ComplexWithBlocks[], value.building_ids);
  const years = range?.rows.map((r) => r.year) ?? [value.year];
  if (!years.includes(value.year)) years.push(value.year);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        p: 2,
        displayPrint: 'none',
      }}
    >
      <TextField
        select
        size="small"
        label={translate('reports.year')}
        value={value.year}
        onChange={(e) => onChange({ ...value, ...yearFilters(Number(e.target.value)) })}
        sx={{ ...compact, minWidth: 110 }}
      >
        {years
          .sort((a, b) => b - a)
          .map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
      </TextField>
      {period && (
        <PeriodPicker
          from={value.date_from}
          to={value.date_to}
          onChange={(from, to) => onChange(withPeriod(value, from, to))}
        />
      )}
      <TextField
        select
        size="small"
        label={translate('reports.complexes')}
        value={value.building_ids}
        sx={{ ...compact, minWidth: 220 }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const ids = selected as number[];
              if (!ids.length) return translate('reports.all_complexes');
              return complexes
                .filter((b) => ids.includes(Number(b.id)))
                .map((b) => String(b.name))
                .join(', ');
            },
          },
          inputLabel: { shrink: true },
        }}
        onChange={(e) => {
          const picked = e.target.value as unknown as Array<number | string>;
          const buildingIds = picked.map(Number);
          // blocks of complexes no longer chosen drop out
          const kept = new Set(blocksOf(complexes as ComplexWithBlocks[], buildingIds).map((b) => b.id));
          onChange({ ...value, building_ids: buildingIds, block_ids: value.block_ids.filter((id) => kept.has(id)) });
        }}
      >
        {complexes.map((b) => (
          <MenuItem key={b.id} value={Number(b.id)}>
            <Checkbox size="small" checked={value.building_ids.includes(Number(b.id))} />
            <ListItemText primary={String(b.name)} />
          </MenuItem>
        ))}
      </TextField>
      {blocks.length > 0 && (
        <TextField
          select
          size="small"
          label={translate('reports.blocks')}
          value={value.block_ids}
          sx={{ ...compact, minWidth: 200 }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const ids = selected as number[];
                if (!ids.length) return translate('reports.all_blocks');
                return blocks
                  .filter((b) => ids.includes(b.id))
                  .map((b) => b.label)
                  .join(', ');
              },
            },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'report-blocks' },
          }}
          onChange={(e) => {
            const picked = e.target.value as unknown as Array<number | string>;
            onChange({ ...value, block_ids: picked.map(Number) });
          }}
        >
          {blocks.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              <Checkbox size="small" checked={value.block_ids.includes(b.id)} />
              <ListItemText primary={b.label} />
            </MenuItem>
          ))}
        </TextField>
      )}
      {currency && (
        <TextField
          select
          size="small"
          label={translate('reports.currency')}
          value={value.currency}
          onChange={(e) => onChange({ ...value, currency: e.target.value as ReportFilterState['currency'] })}
          sx={{ ...compact, minWidth: 100 }}
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
