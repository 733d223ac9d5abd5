import { businessToday } from '../../../domain/businessDay';
import { Box, LinearProgress, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { type useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { tierLabel } from '../../../domain/bonuses';
import type { BonusTierRow, ManagerBonus, SchemaMonth } from '../../../domain/contracts/bonuses';
import { useCan } from '../../layout/useCan';
import { formatAmount, useLocaleFormat } from '../../widgets';

/** This month, 'YYYY-MM'. */
export const thisMonth = () => businessToday().slice(0, 7);

/** The tabs of /bonuses: the month's bonuses, the schemas and targets, the agents' pay. */
export function BonusTabs({ value }: { value: 'month' | 'schemas' | 'agents' }) {
  const translate = useTranslate();
  const can = useCan();
  return (
    <Tabs value={value} sx={{ mb: 2 }}>
      <Tab value="month" label={translate('bonuses.tabs.month')} component={Link} to="/bonuses" />
      <Tab value="schemas" label={translate('bonuses.tabs.schemas')} component={Link} to="/bonuses/schemas" />
      {can('agents-pay', 'list') && (
        <Tab value="agents" label={translate('bonuses.tabs.agents')} component={Link} to="/bonuses/agents" />
      )}
    </Tabs>
  );
}

/** A year picker with a month beside it: 'YYYY-MM'. */
export function MonthPicker({ value, onChange }: { value: string; onChange: (month: string) => void }) {
  const translate = useTranslate();
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const now = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => now + 1 - i);
  if (!years.includes(year)) years.push(year);
  const monthName = (m: number) => translate(`bonuses.months.${m}`);
  const set = (y: number, m: number) => onChange(`${y}-${String(m).padStart(2, '0')}`);
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        size="small"
        label={translate('bonuses.year')}
        value={year}
        onChange={(e) => set(Number(e.target.value), month)}
        slotProps={{ htmlInput: { 'data-testid': 'bonus-year' } }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('bonuses.month')}
        value={month}
        onChange={(e) => set(year, Number(e.target.value))}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'bonus-month' } }}
      >
        {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
          <MenuItem key={m} value={m}>
            {monthName(m)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** A tier as people read it: "80–100% → 1%" or "150%+ → 500.00 GEL". */
export const tierText = (
  tier: BonusTierRow | null,
  currency: string,
  money = formatAmount,
  written: (share: number) => string = String,
): string =>
  tier
    ? `${tierLabel(tier, written)} → ${
        tier.fixed_amount !== null ? money(tier.fixed_amount, currency) : `${written(tier.bonus_percent ?? 0)}%`
      }`
    : '—';

/** The decimals a tier's share is written with: none for a whole number, else its own (at most two). */
const shareDigits = (share: number) => (Number.isInteger(share) ? 0 : Number.isInteger(share * 10) ? 1 : 2);

/** tierText in the user's language: amounts and shares in its digits ("0–100% → 1,5%" in Georgian). */
export function useTierText() {
  const { amount, number } = useLocaleFormat();
  return (tier: BonusTierRow | null, currency: string) =>
    tierText(tier, currency, amount, (share) => number(share, shareDigits(share)));
}

/** How far the achievement is towards the next tier's start; full once the top tier is reached. */
export function TierProgress({ percent, next }: { percent: number | null; next: BonusTierRow | null }) {
  const translate = useTranslate();
  const value = next ? Math.min(100, ((percent ?? 0) / (next.percent_from || 1)) * 100) : 100;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress variant="determinate" value={value} sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="caption" color="text.secondary">
        {next ? translate('bonuses.next_tier', { percent: next.percent_from }) : translate('bonuses.top_tier')}
      </Typography>
    </Box>
  );
}

/** A failed call's field errors for a react-admin Form, or a notification when it has none. */
export const fieldErrors = (error: unknown, notify: ReturnType<typeof useNotify>) => {
  const e = error as { body?: { errors?: Record<string, unknown> }; message?: string };
  if (e.body?.errors) return e.body.errors;
  notify(e.message ?? 'ra.notification.http_error', { type: 'error' });
  return undefined;
};

/** A member's line of a group schema: the group's figures, then their share of what it achieved and of its bonus. */
export function GroupShare({
  schema,
  row,
}: {
  schema: Pick<SchemaMonth, 'currency' | 'group'>;
  row: Pick<ManagerBonus, 'achieved' | 'share_percent' | 'bonus'>;
}) {
  const { amount: formatAmount, percent: percentText } = useLocaleFormat();
  const tierOf = useTierText();
  const translate = useTranslate();
  const group = schema.group!;
  const c = schema.currency;
  return (
    <Stack>
      <Typography>
        {translate('bonuses.group_figures', {
          target: group.target === null ? '—' : formatAmount(group.target, c),
          achieved: formatAmount(group.achieved, c),
          percent: percentText(group.achievement_percent),
          tier: tierOf(group.tier, c),
          bonus: formatAmount(group.bonus, c),
        })}
      </Typography>
      <Typography>
        {translate('bonuses.my_share', {
          achieved: formatAmount(row.achieved, c),
          share: percentText(row.share_percent),
          bonus: formatAmount(row.bonus, c),
        })}
      </Typography>
    </Stack>
  );
}
