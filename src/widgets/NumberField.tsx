import Typography, { type TypographyProps } from '@mui/material/Typography';
import { sanitizeFieldRestProps, useFieldValue, useLocaleState, useTranslate, type FieldProps } from 'react-admin';
import type { AnyRecord } from './anyRecord';
import { formatLocaleDecimal, type DecimalBounds } from './localeFormat';

export interface NumberFieldProps<RecordType extends AnyRecord = AnyRecord>
  extends FieldProps<RecordType>, Omit<TypographyProps, 'textAlign'> {
  /** Decimals: at least `minimumFractionDigits`, at most `maximumFractionDigits` (3 by default). */
  options?: DecimalBounds;
}

/**
 * A count, an area or a percentage in the user's language by the product's own rule (formatLocaleNumber: 1 242,5 in
 * Georgian and Russian, 1,242.5 in English), never the browser's Intl data. Money has MoneyField.
 */
export const NumberField = <RecordType extends AnyRecord = AnyRecord>(props: NumberFieldProps<RecordType>) => {
  const { className, emptyText, options, ...rest } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value: unknown = useFieldValue(props);
  const text = formatLocaleDecimal(value, locale, options);
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {text || (emptyText ? translate(emptyText, { _: emptyText }) : null)}
    </Typography>
  );
};
