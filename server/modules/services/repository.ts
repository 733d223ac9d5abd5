import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { buildingScope, canSeeBuilding, type Principal } from '../../../domain/access';
import type { Service } from '../../../domain/contracts/services';
import { fromMinor, toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { ServiceUnit } from '../../../domain/services';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { buildings, serviceContainerItems, servicePrices, services } from '../../db/schema';
import { conflict, invalid, notFound } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import type { RecordWrite } from '../../core/activityLog';

export interface ServiceInput {
  name_ka: string;
  name_en?: string | null;
  name_ru?: string | null;
  unit: ServiceUnit;
  active: boolean;
  prices: Array<{ building_id?: number | null; price: number; currency: Currency }>;
}

export interface ServiceFilters {
  active?: boolean;
  unit?: ServiceUnit | null;
  building_id?: number;
}

type ServiceRow = typeof services.$inferSelect;

/** The name in the asked language, Georgian when that one is blank. */
export const serviceName = (row: Pick<ServiceRow, 'nameKa' | 'nameEn' | 'nameRu'>, locale: Locale) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;

/** The prices a user sees: those for every complex and those of the complexes in the user's building scope. */
const pricesSeenBy = (user: Principal) => {
  const scope = inBuildingScope(user, servicePrices.buildingId);
  return scope ? or(isNull(servicePrices.buildingId), scope) : undefined;
};

const SORTABLE = { id: services.id, name: services.nameKa, unit: services.unit, active: services.active };

/**
 * The services catalogue: a service with its prices per complex
 * (only the complexes the user sees) and whether it is in use.
 */
export function createServicesRepository(db: Db) {
  async function present(rows: ServiceRow[], user: Principal, locale: Locale): Promise<Service[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const prices = await db
      .select({ price: servicePrices, buildingName: buildings.name })
      .from(servicePrices)
      .leftJoin(buildings, eq(buildings.id, servicePrices.buildingId))
      .where(and(inArray(servicePrices.serviceId, ids), pricesSeenBy(user)))
      .orderBy(asc(servicePrices.id));
    const used = await db
      .selectDistinct({ id: serviceContainerItems.serviceId })
      .from(serviceContainerItems)
      .where(inArray(serviceContainerItems.serviceId, ids));
    const inUse = new Set(used.map((u) => u.id));
    return rows.map((r) => ({
      id: r.id,
      name: serviceName(r, locale),
      name_ka: r.nameKa,
      name_en: r.nameEn,
      name_ru: r.nameRu,
      unit: r.unit,
      active: r.active,
      prices: prices
        .filter((p) => p.price.serviceId === r.id)
        .map((p) => ({
          building_id: p.price.buildingId,
          building_name: p.buildingName,
          price: fromMinor(toMinor(p.price.price)),
          currency: p.price.currency,
        })),
      in_use: inUse.has(r.id),
      created_at: r.createdAt.toISOString(),
    }));
  }

  async function list(q: ListQuery & ServiceFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [];
    if (q.active !== undefined) filters.push(eq(services.active, q.active));
    if (q.unit) filters.push(eq(services.unit, q.unit));
    if (q.building_id !== undefined)
      filters.push(
        sql`exists (select 1 from service_prices sp where sp.service_id = ${services.id}
          and (sp.building_id is null or sp.building_id = ${q.building_id}))`,
      );
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(or(ilike(services.nameKa, p), ilike(services.nameEn, p), ilike(services.nameRu, p)));
    }
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'id', then: asc(services.id) },
      ({ orderBy, limit, offset }) =>
        db
          .select({ service: services, total: totalCount })
          .from(services)
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(services, and(...filters)),
    );
    return {
      data: await present(
        rows.map((r) => r.service),
        user,
        locale,
      ),
      meta,
    };
  }

  async function get(id: number, user: Principal, locale: Locale, executor: Db | Tx = db) {
    const [row] = await executor.select().from(services).where(eq(services.id, id));
    if (!row) throw notFound();
    return (await present([row], user, locale))[0];
  }

  /** Complexes the user may not price: a price for a complex outside the scope is refused on the field. */
  function checkPrices(input: ServiceInput, user: Principal) {
    const scope = buildingScope(user);
    const seen = new Set<string>();
    input.prices.forEach((p, index) => {
      const key = String(p.building_id ?? 'all');
      if (seen.has(key)) throw invalid({ [`prices.${index}.building_id`]: ['services.price_twice'] });
      seen.add(key);
      if (p.building_id && !canSeeBuilding(scope, p.building_id))
        throw invalid({ [`prices.${index}.building_id`]: ['validation.invalid_value'] });
    });
  }

  /**
   * Creates (no id) or changes a service and replaces its prices in the complexes the user sees, in one transaction.
   * A service belongs to no complex: its line names none.
   */
  async function save(user: Principal, input: ServiceInput, id: number | undefined, record: RecordWrite) {
    checkPrices(input, user);
    return db.transaction(async (tx) => {
      const named = input.prices.flatMap((p) => (p.building_id ? [p.building_id] : []));
      const existing = named.length
        ? new Set(
            (await tx.select({ id: buildings.id }).from(buildings).where(inArray(buildings.id, named))).map(
              (b) => b.id,
            ),
          )
        : new Set<number>();
      input.prices.forEach((p, index) => {
        if (p.building_id && !existing.has(p.building_id))
          throw invalid({ [`prices.${index}.building_id`]: ['validation.invalid_value'] });
      });
      const values = {
        nameKa: input.name_ka,
        nameEn: input.name_en ?? null,
        nameRu: input.name_ru ?? null,
        unit: input.unit,
        active: input.active,
        updatedAt: new Date(),
      };
      let serviceId = id;
      if (serviceId) {
        const [row] = await tx.update(services).set(values).where(eq(services.id, serviceId)).returning();
        if (!row) throw notFound();
        // prices of complexes the user does not see stay as they are
        await tx.delete(servicePrices).where(and(eq(servicePrices.serviceId, serviceId), pricesSeenBy(user)));
      } else {
        const [row] = await tx.insert(services).values(values).returning();
        serviceId = row.id;
      }
      if (input.prices.length)
        await tx.insert(servicePrices).values(
          input.prices.map((p) => ({
            serviceId: serviceId!,
            buildingId: p.building_id ?? null,
            price: toDecimalString(toMinor(p.price)),
            currency: p.currency,
          })),
        );
      await record(tx, { recordId: serviceId, buildingId: null });
      return serviceId;
    });
  }

  /** A service a container holds is kept (409: deactivate it instead). */
  async function remove(id: number, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(services).where(eq(services.id, id)).for('update');
      if (!row) throw notFound();
      const [used] = await tx
        .select({ id: serviceContainerItems.id })
        .from(serviceContainerItems)
        .where(eq(serviceContainerItems.serviceId, id))
        .limit(1);
      if (used) throw conflict('services.in_use');
      await tx.delete(services).where(eq(services.id, id));
      await record(tx, { recordId: id, buildingId: null });
    });
  }

  return { list, get, save, remove };
}
