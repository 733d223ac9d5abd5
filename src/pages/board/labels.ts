import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { STATUS_COLOURS, type PropertyStatus } from '../../../domain/inventory';

export type Vocabulary = 'property_status' | 'property_type' | 'property_state' | 'property_view';

const humanise = (value: string) => value.replace(/_/g, ' ');

/** The label of a status, type, state or view from the catalogue's `enums`, or the value itself until one exists. */
export function useEnumLabel() {
  const translate = useTranslate();
  return useCallback(
    (vocabulary: Vocabulary, value: string | null | undefined) =>
      value ? translate(`enums.${vocabulary}.${value}`, { _: humanise(value) }) : '',
    [translate],
  );
}

const UNKNOWN_STATUS = '#9e9e9e';
export const statusColour = (status: string) => STATUS_COLOURS[status as PropertyStatus] ?? UNKNOWN_STATUS;

/** Dark text on the light status colours (pre-booked yellow), white on the rest: WCAG relative luminance. */
export const textOn = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? 'rgba(0, 0, 0, 0.87)' : '#fff';
};
