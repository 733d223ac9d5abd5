import type { Db } from '../../db/client';
import { createSaleChanges } from './changes';
import { createSaleLists } from './lists';
import { createSaleRecords } from './oneSale';
import { createSaleReader } from './present';

export { presentInstallment } from './present';

/**
 * The sales' queries, split by concern: present.ts reads and presents a sale, lists.ts the lists and their filters,
 * oneSale.ts one sale, changes.ts what changes one.
 */
export function createSalesRepository(db: Db) {
  const reader = createSaleReader(db);
  const records = createSaleRecords(db, reader);
  const { list, totals, byCustomer, withTargets, histories } = createSaleLists(db, reader);
  const { create, insertSale, insertSales, update, changeProperties, cancel, setAgentFee, visible } = createSaleChanges(
    db,
    records,
  );
  const { get, brief } = records;
  return {
    detailsOf: reader.detailsOf,
    list,
    totals,
    get,
    brief,
    byCustomer,
    withTargets,
    histories,
    create,
    insertSale,
    insertSales,
    update,
    changeProperties,
    cancel,
    setAgentFee,
    visible,
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
