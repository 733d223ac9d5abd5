import { useSyncExternalStore } from 'react';
import { DEFAULT_DATE_FORMAT, isDateFormat, isIsoDay, parseTypedDate, type DateFormat } from '../../domain/dateFormats';

/** The chosen date format lives in local storage under this plain key. */
export const DATE_FORMAT_KEY = 'dateFormat';
/** Fired on this window when the preference changes here ('storage' covers the other tabs). */
const CHANGE_EVENT = 'app:date-format';

export const readDateFormat = (): DateFormat => {
  try {
    const saved = localStorage.getItem(DATE_FORMAT_KEY);
    return isDateFormat(saved) ? saved : DEFAULT_DATE_FORMAT;
  } catch {
    return DEFAULT_DATE_FORMAT;
  }
};

export const writeDateFormat = (format: DateFormat): void => {
  try {
    localStorage.setItem(DATE_FORMAT_KEY, format);
  } catch {
    // storage full or blocked: the choice lasts until the page closes
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

const subscribe = (onChange: () => void) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATE_FORMAT_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
};

/** The date format preference, shared by every mounted component: `[format, setFormat]`. */
export const useDateFormat = (): [DateFormat, (format: DateFormat) => void] => [
  useSyncExternalStore(subscribe, readDateFormat, () => DEFAULT_DATE_FORMAT),
  writeDateFormat,
];

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day (YYYY-MM-DD) of a value read from a record or a form: an ISO date as it is, an ISO
 * timestamp or a Date as the local day. Anything else (including impossible days like 2024-02-31) is null.
 */
export const toIsoDay = (value: unknown): string | null => {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (isIsoDay(text)) {
    const parsed = parseTypedDate(text, 'YYYY-MM-DD');
    return parsed.ok ? parsed.iso : null;
  }
  if (ISO_TIMESTAMP.test(text)) return toIsoDay(new Date(text));
  return null;
};
