import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { fromMinor, toMinor } from '../../../domain/money';
import { customerName } from '../../../domain/names';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import {
  blocks,
  buildings,
  customers,
  properties,
  saleProperties,
  sales,
  serviceContainerItems,
  serviceContainers,
  services,
} from '../../db/schema';
import { saleMatching, saleVisible } from '../saleLedger';
import { serviceName } from '../services';

const money = (value: string) => fromMinor(toMinor(value));

/** The services ordered in the containers, line by line, in the asked language. */
export async function containerItems(executor: Db | Tx, containerIds: number[], locale: Locale) {
  if (containerIds.length === 0) return [];
  const rows = await executor
    .select({ item: serviceContainerItems, service: services, propertyNo: properties.no })
    .from(serviceContainerItems)
    .innerJoin(services, eq(services.id, serviceContainerItems.serviceId))
    .leftJoin(properties, eq(properties.id, serviceContainerItems.propertyId))
    .where(inArray(serviceContainerItems.containerId, containerIds))
    .orderBy(asc(serviceContainerItems.id));
  return rows.map((r) => ({
    id: r.item.id,
    container_id: r.item.containerId,
    service_id: r.item.serviceId,
    service_name: serviceName(r.service, locale),
    unit: r.service.unit,
    property_id: r.item.propertyId,
    property_number: r.propertyNo,
    quantity: Number(r.item.quantity),
    unit_price: money(r.item.unitPrice),
    amount: money(r.item.amount),
  }));
}

/** What a container is ordered for: the sales it may be for, a sale's units and what the sale already ordered. */
export function createContainerSaleReads(db: Db) {
  /** GET /containers/getSales: the live sales in the user's complexes, newest first (50 at most, `query` narrows). */
  async function salesForContainers(user: Principal, locale: Locale, query?: string, saleId?: number) {
    const filters: Array<SQL | undefined> = [
      saleVisible(user),
      inArray(sales.status, ['active', 'overdue', 'completed']),
    ];
    if (saleId !== undefined) filters.push(eq(sales.id, saleId));
    if (query) filters.push(saleMatching(query));
    const rows = await db
      .select({
        id: sales.id,
        buildingId: sales.buildingId,
        contractNo: sales.contractNo,
        currency: sales.currency,
        buildingName: buildings.name,
        nameKa: customers.nameKa,
        nameEn: customers.nameEn,
        nameRu: customers.nameRu,
      })
      .from(sales)
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(and(...filters))
      .orderBy(desc(sales.id))
      .limit(50);
    return rows.map((r) => ({
      id: r.id,
      building_id: r.buildingId,
      contract_no: r.contractNo,
      customer_name: customerName(r, locale),
      building_name: r.buildingName,
      currency: r.currency,
    }));
  }

  /** The units of a sale with their area, state and block. */
  async function saleUnits(saleId: number) {
    const rows = await db
      .select({
        id: properties.id,
        no: properties.no,
        area: properties.area,
        state: properties.state,
        block: blocks.name,
      })
      .from(saleProperties)
      .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .where(eq(saleProperties.saleId, saleId))
      .orderBy(asc(properties.id));
    return rows.map((r) => ({ id: r.id, number: r.no, area: Number(r.area), state: r.state, block_name: r.block }));
  }

  /** The services the sale's containers hold. */
  async function orderedOf(saleId: number, locale: Locale) {
    const ids = (
      await db.select({ id: serviceContainers.id }).from(serviceContainers).where(eq(serviceContainers.saleId, saleId))
    ).map((r) => r.id);
    return containerItems(db, ids, locale);
  }

  return { salesForContainers, saleUnits, orderedOf };
}
