import Typography, { type TypographyProps } from '@mui/material/Typography';
import { sanitizeFieldRestProps, useFieldValue, useLocaleState, useTranslate, type FieldProps } from 'react-admin';
import type { AnyRecord } from './anyRecord';
import { formatLocaleNumber } from './localeFormat';

export interface NumberFieldProps<RecordType extends AnyRecord = AnyRecord>
  extends FieldProps<RecordType>, Omit<TypographyProps, 'textAlign'> {
  /** Decimals: at least `minimumFractionDigits`, at most `maximumFractionDigits` (3 by default). */
  options?: { minimumFractionDigits?: number; maximumFractionDigits?: number };
}

/** How many decimals a number is written with: its own, within the bounds asked. */
const decimalsOf = (n: number, options: NumberFieldProps['options'] = {}) => {
  const own = (String(n).split('.')[1] ?? '').length;
  const most = options.maximumFractionDigits ?? 3;
  return Math.max(options.minimumFractionDigits ?? 0, Math.min(most, own));
};

/**
 * A count, an area or a percentage in the user's language by the product's own rule (formatLocaleNumber: 1 242,5 in
 * Georgian and Russian, 1,242.5 in English), never the browser's Intl data. Money has MoneyField.
 */
export const NumberField = <RecordType extends AnyRecord = AnyRecord>(props: NumberFieldProps<RecordType>) => {
  const { className, emptyText, options, ...rest } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value: unknown = useFieldValue(props);
  const text = formatLocaleNumber(value, locale, decimalsOf(Number(value), options));
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {text || (emptyText ? translate(emptyText, { _: emptyText }) : null)}
    </Typography>
  );
};
