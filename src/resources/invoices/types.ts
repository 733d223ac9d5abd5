export type { BankAccountDetails, InvoiceDetails, InvoiceRow } from '../../../domain/contracts/payments';
