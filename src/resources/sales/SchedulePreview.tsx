import { Alert, Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { buildSchedule, type ScheduleResult } from '../../../domain/paymentSchedule';
import { formatMoney, toMinor } from '../../../domain/money';
import { DateField, toIsoDay } from '../../widgets';

export interface ScheduleInput {
  price?: unknown;
  currency?: unknown;
  first_payment_date?: unknown;
  period_months?: unknown;
  payments_count?: unknown;
  formula?: unknown;
}

const minorOf = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    return toMinor(value as number | string);
  } catch {
    return undefined;
  }
};

/** The schedule the server will write, computed in the browser with the same rule (domain/paymentSchedule). */
export function previewSchedule(input: ScheduleInput): ScheduleResult | undefined {
  const price = minorOf(input.price);
  const first = toIsoDay(input.first_payment_date);
  const count = Number(input.payments_count);
  const period = Number(input.period_months);
  if (
    price === undefined ||
    !first ||
    input.payments_count === '' ||
    input.payments_count == null ||
    input.period_months === '' ||
    input.period_months == null
  )
    return undefined;
  return buildSchedule({
    price,
    first_payment_date: first,
    period_months: period,
    payments_count: count,
    formula: typeof input.formula === 'string' ? input.formula : null,
  });
}

/** The live preview table of a schedule, or the rule's translated errors: a region named by its title. */
export function SchedulePreviewTable({ input }: { input: ScheduleInput }) {
  const translate = useTranslate();
  const titleId = useId();
  const result = previewSchedule(input);
  const currency = typeof input.currency === 'string' ? input.currency : '';
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid="schedule-preview"
      sx={{ width: '100%', maxWidth: 640 }}
    >
      <Typography variant="subtitle1" gutterBottom id={titleId}>
        {translate('sales.preview')}
      </Typography>
      {!result && (
        <Typography variant="body2" color="text.secondary">
          {translate('sales.preview_hint')}
        </Typography>
      )}
      {result && !result.ok && (
        <Alert severity="error" data-testid="schedule-preview-error">
          {Object.values(result.errors)
            .flat()
            .map((key) => translate(key as string))
            .join(' ')}
        </Alert>
      )}
      {result?.ok && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('sales.number')}</TableCell>
              <TableCell>{translate('sales.due_date')}</TableCell>
              <TableCell align="right">{translate('sales.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.installments.map((row) => (
              <TableRow key={row.number} data-testid="schedule-preview-row">
                <TableCell>{row.number}</TableCell>
                <TableCell>
                  <DateField source="due_date" record={row} />
                </TableCell>
                <TableCell align="right">
                  {formatMoney(row.amount)} {currency}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={3} align="right">
                {translate('sales.preview_total', {
                  amount: `${formatMoney(result.installments.reduce((s, r) => s + r.amount, 0))} ${currency}`,
                })}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </Box>
  );
}

/** The preview inside a react-admin form: follows the schedule fields as the user types. */
export function FormSchedulePreview() {
  const [price, currency, first_payment_date, period_months, payments_count, formula] = useWatch({
    name: ['price', 'currency', 'first_payment_date', 'period_months', 'payments_count', 'formula'],
  });
  return (
    <SchedulePreviewTable input={{ price, currency, first_payment_date, period_months, payments_count, formula }} />
  );
}
