import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ElementType } from 'react';
import {
  sanitizeFieldRestProps,
  useFieldValue,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type FieldProps,
} from 'react-admin';
import { formatLocaleAmount } from './localeFormat';
import type { AnyRecord } from './anyRecord';
import { formatMoney, toMinor } from '../../domain/money';

export interface MoneyFieldProps<RecordType extends AnyRecord = AnyRecord>
  extends FieldProps<RecordType>, Omit<TypographyProps, 'textAlign'> {
  /** A fixed currency code shown after the amount ('GEL', 'USD', 'EUR'). */
  currency?: string;
  /** The record field holding the currency code; `currency` wins when both are given. */
  currencySource?: string;
  component?: ElementType;
}

/**
 * '1234567.5' (major units, number or decimal string) → '1,234,567.50 GEL':
 * thousands commas, two decimals, half-up at the cent.
 */
export const formatAmount = (value: unknown, currency?: unknown): string => {
  if (value == null || value === '') return '';
  if (typeof value !== 'number' && typeof value !== 'string') return String(value);
  let amount: string;
  try {
    amount = formatMoney(toMinor(value));
  } catch {
    return String(value);
  }
  return currency ? `${amount} ${String(currency)}` : amount;
};

const readPath = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node != null && typeof node === 'object' ? (node as AnyRecord)[key] : undefined),
      record,
    );

/**
 * A money amount in the user's language's digits (1,234.50 in English, 1 234,50 in Georgian and Russian), two
 * decimals, optionally followed by its currency.
 */
export const MoneyField = <RecordType extends AnyRecord = AnyRecord>(props: MoneyFieldProps<RecordType>) => {
  const { className, emptyText, currency, currencySource, ...rest } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext(props);
  const value = useFieldValue(props);
  const code = currency ?? (currencySource ? readPath(record, currencySource) : undefined);
  const text = formatLocaleAmount(value, locale, code);
  return (
    <Typography
      component="span"
      variant="body2"
      className={className}
      sx={{ whiteSpace: 'nowrap' }}
      {...sanitizeFieldRestProps(rest)}
    >
      {text || (emptyText ? translate(emptyText, { _: emptyText }) : null)}
    </Typography>
  );
};
