import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { buildingScope, type Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import { orderedPeriod } from '../../../domain/dateFormats';
import { CURRENCIES, type Currency } from '../../../domain/money';
import { isoDate, listOf, V } from '../../../domain/validation';
import { blankIsMissing, queryId } from '../../core/fields';
import { invalid } from '../../core/errors';
import { ownSalesOnly } from '../saleLedger';

/** Every report's filters, all optional: a JSON body for POST, the query for GET. */
export const reportFilterSchema = z.object({
  date_from: z.preprocess(blankIsMissing, isoDate().optional()),
  date_to: z.preprocess(blankIsMissing, isoDate().optional()),
  building_ids: listOf(queryId()),
  block_ids: listOf(queryId()),
  currency: z.preprocess(blankIsMissing, z.enum(CURRENCIES, { error: V.invalidValue }).optional()),
  year: z.preprocess(
    blankIsMissing,
    z.coerce
      .number({ error: V.invalidType })
      .int({ error: V.invalidType })
      .min(1900, { error: V.invalidType })
      .max(2200, { error: V.invalidType })
      .optional(),
  ),
});
export type ReportFilterInput = z.infer<typeof reportFilterSchema>;

/** The longest period a report covers: ten years (a day-by-day rate table is built for it). */
const MAX_DAYS = 3660;

/**
 * The filters as a report reads them: the period defaults to the year (this year unless given), a reversed period is
 * swapped rather than refused (the screens' picker does the same), the currency defaults to GEL, no complexes means
 * every complex in the user's scope. A period over ten years is refused (422 on date_to).
 */
export function resolveFilters(input: ReportFilterInput, today: string): ReportFilters {
  const year = input.year ?? Number(today.slice(0, 4));
  const [dateFrom, dateTo] = orderedPeriod(input.date_from ?? `${year}-01-01`, input.date_to ?? `${year}-12-31`);
  if ((Date.parse(dateTo) - Date.parse(dateFrom)) / 86_400_000 > MAX_DAYS)
    throw invalid({ date_to: ['reports.range_too_long'] });
  return {
    date_from: dateFrom,
    date_to: dateTo,
    year,
    currency: (input.currency ?? 'GEL') as Currency,
    building_ids: [...new Set(input.building_ids ?? [])].sort((a, b) => a - b),
    block_ids: [...new Set(input.block_ids ?? [])].sort((a, b) => a - b),
  };
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The complexes a report covers: the user's building scope narrowed by the complexes asked for. A complex
 * asked for outside the scope is simply not there: the report shows nothing of it.
 */
export function buildingCondition(user: Principal, filters: ReportFilters, column: SQL): SQL {
  const parts: SQL[] = [];
  const scope = buildingScope(user);
  if (!scope.all) parts.push(scope.buildingIds.length ? sql`${column} in (${idList(scope.buildingIds)})` : sql`false`);
  if (filters.building_ids.length) parts.push(sql`${column} in (${idList(filters.building_ids)})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Units of the asked blocks only (no blocks asked: every unit). */
export const blockCondition = (filters: ReportFilters, column: SQL): SQL =>
  filters.block_ids.length ? sql`${column} in (${idList(filters.block_ids)})` : sql`true`;

/** A sale with a unit in the asked blocks (no blocks asked: every sale). */
export const saleBlockCondition = (filters: ReportFilters, saleId: SQL): SQL =>
  filters.block_ids.length
    ? sql`exists (select 1 from sale_properties bsp join properties bp on bp.id = bsp.property_id
        where bsp.sale_id = ${saleId} and bp.block_id in (${idList(filters.block_ids)}))`
    : sql`true`;

/** A sale `alias` the user may count: its own only, for a user who reads sales through view_only_own_sales. */
export const ownSaleCondition = (user: Principal, alias = 's'): SQL =>
  ownSalesOnly(user) ? sql`${sql.raw(alias)}.user_id = ${user.id}` : sql`true`;

/** Everything a sale-based report asks of a sale `alias`: live, in scope (and its own), in the asked blocks. */
export const liveSaleIn = (user: Principal, filters: ReportFilters, alias = 's'): SQL => {
  const a = sql.raw(alias);
  return sql`${a}.deleted_at is null and ${buildingCondition(user, filters, sql`${a}.building_id`)}
    and ${ownSaleCondition(user, alias)} and ${saleBlockCondition(filters, sql`${a}.id`)}`;
};
