/**
 * The front door of the sale ledger: who may see a sale, its history entries, its schedule and what was paid on it.
 * Sales and payments both build on it, so neither imports the other.
 */
export { ownSalesOnly, refuseViewOnly, saleInScope, saleMatching, saleVisible, visibleSale } from './access';
export { writeHistories, writeHistory, type SaleChange, type SaleHistoryEntry } from './history';
export {
  creditedTotal,
  installmentAlias,
  lateInstallment,
  lockSale,
  markPaidOnTime,
  paidOnTimeOf,
  replaceTerms,
  scheduleOf,
  settle,
  settleMany,
  writeSchedule,
  type InstallmentColumns,
  type ScheduleTerms,
  type SettledSale,
} from './ledger';
export { convertPayments, convertPaymentsAfterRates, gelRateOn } from './converted';
export {
  containerOfSale,
  hasContainers,
  lateRenovation,
  renovationContainerFor,
  renovationLateness,
  unpaidRenovation,
  writeContainerSchedule,
  type RenovationState,
} from './renovation';
