import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ElementType } from 'react';
import { useCallback } from 'react';
import { sanitizeFieldRestProps, useFieldValue, useLocaleState, useTranslate, type FieldProps } from 'react-admin';
import type { AnyRecord } from './anyRecord';
import { formatIsoDate, type DateFormat } from '../../domain/dateFormats';
import { toIsoDay, useDateFormat } from './dateFormat';
import { formatLocaleTime } from './localeFormat';

export interface DateFieldProps<RecordType extends AnyRecord = AnyRecord>
  extends FieldProps<RecordType>, Omit<TypographyProps, 'textAlign'> {
  /** Overrides the user's `dateFormat` preference. */
  format?: DateFormat;
  /** Adds the time of a timestamp, 24-hour in Georgian and Russian. */
  showTime?: boolean;
  component?: ElementType;
}

const HAS_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A moment as the user reads it everywhere: the day in their date format and, for a timestamp, its time. */
export function useFormatMoment() {
  const [preference] = useDateFormat();
  const [locale] = useLocaleState();
  return useCallback(
    (value: unknown, options: { format?: DateFormat; showTime?: boolean } = {}) => {
      const day = toIsoDay(value);
      if (!day) return value != null && value !== '' ? String(value) : '';
      const text = formatIsoDate(day, options.format ?? preference);
      const timed = value instanceof Date || (typeof value === 'string' && HAS_TIME.test(value));
      return options.showTime !== false && timed ? `${text} ${formatLocaleTime(value as Date | string, locale)}` : text;
    },
    [preference, locale],
  );
}

/**
 * Shows a record's date (ISO YYYY-MM-DD, an ISO timestamp or a Date) in the user's chosen date format, with its time
 * when `showTime`; the calendar mode shows DD/MM/YYYY. Re-renders when the preference changes.
 */
export const DateField = <RecordType extends AnyRecord = AnyRecord>(props: DateFieldProps<RecordType>) => {
  const { className, emptyText, format, showTime = false, ...rest } = props;
  const translate = useTranslate();
  const formatMoment = useFormatMoment();
  const text = formatMoment(useFieldValue(props), { format, showTime });
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {text || (emptyText ? translate(emptyText, { _: emptyText }) : null)}
    </Typography>
  );
};
