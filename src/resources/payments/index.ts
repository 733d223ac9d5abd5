export { PayButton, PayDialog, takesPayments, type PayableSale, type PaymentCalculation } from './PayButton';
export { InvoiceButton, invoicePrintPath, openInvoicePrint } from './InvoiceButton';
export { PaymentsImportButton, PaymentsImportDialog, GlobalPaymentsImportButton } from './PaymentsImport';
export { paymentsResource } from './resource';
