import { useMemo, type ReactNode } from 'react';
import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import { BooleanInput, ListContextProvider, NumberInput, useListContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEFAULT_PAYMENT_PERCENT } from '../../../domain/sales';
import { percentRule } from '../../widgets';

const small = { size: 'small' as const, helperText: false as const, fullWidth: false };

/** Whether the sales filter asks to stay on the page shown when the filters change (use_current_page). */
const keepsPage = (filters: Record<string, unknown> | undefined) =>
  filters?.use_current_page === true || filters?.use_current_page === 'true';

/**
 * The paid-share filter: off until switched on, and then 10 % (the default payment_percent) for the user to change.
 */
export function PaymentPercentFilter() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = useWatch({ name: 'payment_percent' }) as unknown;
  const on = value !== undefined && value !== null && value !== '';
  return (
    <Stack direction="row" alignItems="center">
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={on}
            onChange={(event) =>
              setValue('payment_percent', event.target.checked ? DEFAULT_PAYMENT_PERCENT : '', { shouldDirty: true })
            }
            data-testid="payment-percent-switch"
          />
        }
        label={translate('resources.sales.fields.payment_percent')}
      />
      <NumberInput
        source="payment_percent"
        label={false}
        disabled={!on}
        validate={percentRule}
        {...small}
        sx={{ width: 90 }}
      />
    </Stack>
  );
}

/** The switch of use_current_page: kept with the filters (and their saved sets), read by KeepPageWhenAsked. */
export const CurrentPageFilter = () => <BooleanInput source="use_current_page" helperText={false} />;

/**
 * Gives what it holds a list whose filters keep the page shown when use_current_page is on: react-admin moves to the
 * first page on every filter change, and the page is set back in the same tick (one address change, one request).
 */
export function KeepPageWhenAsked({ children }: { children: ReactNode }) {
  const list = useListContext();
  const value = useMemo(
    () => ({
      ...list,
      setFilters: (filters: Record<string, unknown>, displayed?: Record<string, boolean>, debounce?: boolean) => {
        if (!keepsPage(filters) || list.page <= 1) return list.setFilters(filters, displayed, debounce);
        list.setFilters(filters, displayed, false);
        list.setPage(list.page);
      },
    }),
    [list],
  );
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}

/** The filters in use, for the panel's badge: the page switch is not a filter. */
export const filtersInUse = (filters: Record<string, unknown> | undefined) =>
  Object.entries(filters ?? {}).filter(
    ([key, v]) => key !== 'use_current_page' && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length),
  ).length;
