/** What a sale's writes check before they write: its units, its parties, its contract number, its contract rates. */
import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { rows, type Tx } from '../../db/client';
import { agents, customers, properties, sales } from '../../db/schema';
import { invalid, isUniqueViolation } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import { isResponsibleManager } from '../users';

/**
 * The units of a sale: each must exist, be live and in the user's buildings, and all in one complex (422 otherwise).
 */
export async function unitsForSale(tx: Tx, user: Principal, ids: number[], buildingId?: number) {
  const [units] = await unitsForSales(tx, user, [ids]);
  if (buildingId !== undefined && units.some((u) => u.buildingId !== buildingId))
    throw invalid({ property_ids: ['sale_rules.one_complex'] });
  return units;
}

/** `unitsForSale` for many sales in one statement: each sale's units, in its order. */
export async function unitsForSales(tx: Tx, user: Principal, idsOfSales: number[][]) {
  const all = [...new Set(idsOfSales.flat())];
  const found = await tx
    .select({ id: properties.id, buildingId: properties.buildingId, price: properties.price })
    .from(properties)
    .where(
      and(inArray(properties.id, all), isNull(properties.archivedAt), inBuildingScope(user, properties.buildingId)),
    );
  const byId = new Map(found.map((u) => [u.id, u]));
  return idsOfSales.map((ids) => {
    if (ids.length === 0 || ids.some((id) => !byId.has(id)))
      throw invalid({ property_ids: ['sale_rules.unknown_unit'] });
    if (new Set(ids.map((id) => byId.get(id)!.buildingId)).size > 1)
      throw invalid({ property_ids: ['sale_rules.one_complex'] });
    return ids.map((id) => byId.get(id)!);
  });
}

/** The customers, agents and responsible managers named must exist (422 on the field of the first at fault). */
export async function checkParties(
  tx: Tx,
  inputs: ReadonlyArray<{ customer_id?: number; agent_id?: number | null; user_id?: number | null }>,
) {
  const named = (pick: (i: (typeof inputs)[number]) => number | null | undefined) => [
    ...new Set(inputs.map(pick).filter((id): id is number => Boolean(id))),
  ];
  const customerIds = named((i) => i.customer_id);
  const agentIds = named((i) => i.agent_id);
  const liveCustomers = new Set(
    customerIds.length
      ? (
          await tx
            .select({ id: customers.id })
            .from(customers)
            .where(and(inArray(customers.id, customerIds), isNull(customers.deletedAt)))
        ).map((c) => c.id)
      : [],
  );
  const liveAgents = new Set(
    agentIds.length
      ? (
          await tx
            .select({ id: agents.id })
            .from(agents)
            .where(and(inArray(agents.id, agentIds), isNull(agents.deletedAt)))
        ).map((a) => a.id)
      : [],
  );
  const managers = new Map<number, boolean>();
  for (const id of named((i) => i.user_id)) managers.set(id, await isResponsibleManager(tx, id));
  for (const input of inputs) {
    const errors: Record<string, string[]> = {};
    if (input.customer_id !== undefined && !liveCustomers.has(input.customer_id))
      errors.customer_id = ['sale_rules.unknown_customer'];
    if (input.agent_id && !liveAgents.has(input.agent_id)) errors.agent_id = ['sale_rules.unknown_agent'];
    if (input.user_id && !managers.get(input.user_id)) errors.user_id = ['customers.not_sale_manager'];
    if (Object.keys(errors).length) throw invalid(errors);
  }
}

/** A contract number is unique among live sales. */
export async function checkContractNo(tx: Tx, contractNo: string, exceptSaleId?: number) {
  await checkContractNos(tx, [contractNo], exceptSaleId);
}

/** `checkContractNo` for many numbers in one statement; the first taken is named. */
export async function checkContractNos(tx: Tx, contractNos: readonly string[], exceptSaleId?: number) {
  if (contractNos.length === 0) return;
  const taken = await tx
    .select({ no: sales.contractNo })
    .from(sales)
    .where(
      and(
        inArray(sales.contractNo, [...contractNos]),
        isNull(sales.deletedAt),
        exceptSaleId ? ne(sales.id, exceptSaleId) : undefined,
      ),
    );
  const first = contractNos.find((no) => taken.some((t) => t.no === no));
  if (first) throw invalid({ contract_no: [['sale_rules.contract_no_taken', { contract_no: first }]] });
}

/**
 * GEL per unit of each sale's currency on its contract date (the last NBG rate on or before it; 1 for GEL; null when
 * NBG has none yet), in one statement.
 */
export async function contractRates(tx: Tx, sales: ReadonlyArray<{ currency: string; date: string }>) {
  const found = await rows<{ rate: string | null }>(
    tx,
    sql`select case when v.currency = 'GEL' then 1::numeric else (select r.rate from currency_rates r
        where r.currency = v.currency and r.date <= v.day order by r.date desc limit 1) end::text as rate
      from unnest(${sql.param(sales.map((s) => s.currency))}::text[], ${sql.param(sales.map((s) => s.date))}::date[])
        with ordinality as v(currency, day, n)
      order by v.n`,
  );
  return found.map((r) => r.rate);
}

/** A write that may take a contract number another sale took meanwhile: the unique index's refusal named as a 422. */
export const withUniqueContractNo = async <T>(write: () => Promise<T>, contractNo: string | null | undefined) => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'sales_contract_no_unique'))
      throw invalid({ contract_no: [['sale_rules.contract_no_taken', { contract_no: contractNo ?? '' }]] });
    throw error;
  }
};
