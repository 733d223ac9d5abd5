/**
 * The front door of the sale ledger: who may see a sale, its history entries, its schedule and what was paid on it.
 * Sales and payments both build on it, so neither imports the other.
 */
export {
  ownSalesOnly,
  refuseViewOnly,
  saleInScope,
  saleMatching,
  saleVisible,
  saleVisibleWithCancelled,
  visibleSale,
} from './access';
export { writeHistories, writeHistory, type SaleChange, type SaleHistoryEntry } from './history';
export {
  creditedTotal,
  installmentAlias,
  installmentInStatus,
  ledgerColumns,
  lateInstallment,
  lockSale,
  markPaidOnTime,
  overdueNotices,
  paidOnTimeOf,
  replaceTerms,
  scheduleOf,
  readLedgers,
  salesOutOfStep,
  saleLateness,
  settle,
  writeSettlement,
  settleMany,
  writeSchedule,
  writeSchedules,
  type InstallmentColumns,
  type ScheduleTerms,
  type SettlementRecords,
} from './ledger';
export { convertPayments, convertPaymentsAfterRates, gelRateOn } from './converted';
export {
  containerOfSale,
  hasContainers,
  lateRenovation,
  containerToFill,
  owedOn,
  renovationLateness,
  unpaidRenovation,
  writeContainerSchedule,
} from './renovation';
