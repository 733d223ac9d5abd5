export interface InvoiceRow {
  id: number;
  number: string;
  issued_on: string;
  due_date: string | null;
  amount: number;
  currency: string;
  sale_id: number;
  contract_no?: string;
  customer_name?: string;
  building_name?: string;
  mode?: 'sale' | 'renovation';
  installment_number?: number | null;
  note?: string | null;
}

export type { BankAccountDetails, InvoiceDetails } from '../../../domain/contracts/payments';
