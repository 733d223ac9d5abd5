import type { ActivityLog } from '../../../domain/contracts/logs';

/** One field of an entry as text: `old → new` when the old value is known, else the value sent. */
export const changeText = (entry: ActivityLog, field: string) => {
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const next = entry.changes?.[field];
  return entry.old_values && field in entry.old_values
    ? `${field}: ${show(entry.old_values[field])} → ${show(next)}`
    : `${field}: ${show(next)}`;
};
