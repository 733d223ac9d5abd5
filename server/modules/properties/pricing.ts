import { priceForArea, pricePerM2For } from '../../../domain/inventory';
import { MAX_AMOUNT, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import { invalid } from '../../core/errors';

export const amount = (value: string | null) => (value === null ? null : Number(value));
export const decimal = (value: number) => toDecimalString(toMinor(value));

/**
 * Price and price per m² as stored: both as given; or the price from area × price per m²; or the price per m²
 * from price ÷ area; each half-up at the cent. A result beyond the column is a 422 on the field that caused it.
 */
export function pricing(area: number, perM2: number | null | undefined, price: number | null | undefined) {
  const check = (minor: Minor | null, field: string) => {
    if (minor !== null && minor > MAX_AMOUNT) throw invalid({ [field]: ['units.too_large'] });
    return minor === null ? null : toDecimalString(minor);
  };
  if (perM2 != null && price != null) return { pricePerM2: decimal(perM2), price: decimal(price) };
  if (perM2 != null) return { pricePerM2: decimal(perM2), price: check(priceForArea(area, perM2), 'price_per_m2') };
  if (price != null) return { pricePerM2: check(pricePerM2For(price, area), 'price'), price: decimal(price) };
  return { pricePerM2: null, price: null };
}
