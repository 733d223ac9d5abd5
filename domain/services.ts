import type { Minor } from './money';

/** How a service is measured: per square metre of the unit it is for, per piece, or one fixed price. */
export const SERVICE_UNITS = ['sqm', 'unit', 'fixed'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];

/** A container's state, written by the ledger like a sale's: active, overdue (an installment late), completed. */
export const CONTAINER_STATUSES = ['active', 'overdue', 'completed'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];

/** The quantity a line is charged for: the unit's area for a per-m² service, 1 for a fixed price, else as asked. */
export function lineQuantity(unit: ServiceUnit, asked: number | null | undefined, area: number | null | undefined) {
  if (unit === 'fixed') return 1;
  if (unit === 'sqm') return asked ?? area ?? 0;
  return asked ?? 1;
}

/** A line's amount: unit price (minor units) × quantity (two decimals), rounded half-up to the cent. */
export function lineAmount(unitPrice: Minor, quantity: number): Minor {
  const hundredths = Math.round(quantity * 100);
  return Math.floor((unitPrice * hundredths * 2 + 100) / 200);
}
