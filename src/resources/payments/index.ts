export {
  PayButton,
  PayDialog,
  PaymentActions,
  takesPayments,
  type PayableSale,
  type PaymentCalculation,
  type RecordedPayment,
} from './PayButton';
export { InvoiceButton, invoicePrintPath, openInvoicePrint } from './InvoiceButton';
export { PaymentsImportButton, PaymentsImportDialog, GlobalPaymentsImportButton } from './PaymentsImport';
export { paymentsResource } from './resource';
export { VoidedChip } from './VoidedChip';
