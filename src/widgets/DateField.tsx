import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ElementType } from 'react';
import { sanitizeFieldRestProps, useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import type { AnyRecord } from './anyRecord';
import { formatIsoDate, type DateFormat } from '../../domain/dateFormats';
import { toIsoDay, useDateFormat } from './dateFormat';

export interface DateFieldProps<RecordType extends AnyRecord = AnyRecord>
  extends FieldProps<RecordType>, Omit<TypographyProps, 'textAlign'> {
  /** Overrides the user's `dateFormat` preference. */
  format?: DateFormat;
  component?: ElementType;
}

/**
 * Shows a record's date (ISO YYYY-MM-DD, an ISO timestamp or a Date) in the user's chosen date format;
 * the calendar mode shows DD/MM/YYYY. Re-renders when the preference changes.
 */
export const DateField = <RecordType extends AnyRecord = AnyRecord>(props: DateFieldProps<RecordType>) => {
  const { className, emptyText, format: formatProp, ...rest } = props;
  const translate = useTranslate();
  const [preference] = useDateFormat();
  const value = useFieldValue(props);
  const day = toIsoDay(value);
  const text = day ? formatIsoDate(day, formatProp ?? preference) : value != null && value !== '' ? String(value) : '';
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {text || (emptyText ? translate(emptyText, { _: emptyText }) : null)}
    </Typography>
  );
};
