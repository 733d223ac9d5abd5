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
  installment_number?: number | null;
  note?: string | null;
}

export interface BankAccountDetails {
  bank_name: string;
  bank_code: string | null;
  iban: string | null;
  iban_usd: string | null;
  iban_eur: string | null;
  mediator_bank_usd: string | null;
  mediator_bank_eur: string | null;
  block_name: string | null;
}

/** GET /invoices/{id}: everything the printed invoice shows. */
export interface InvoiceDetails {
  id: number;
  number: string;
  issued_on: string;
  due_date: string | null;
  amount: number;
  currency: string;
  note: string | null;
  sale: { id: number; contract_no: string; price: number; paid_total: number; remaining: number };
  installment: { number: number; due_date: string; amount: number; paid: number } | null;
  customer: { name: string; personal_number: string | null; address: string | null; phone: string | null };
  building: {
    name: string;
    address: string | null;
    company_name: string | null;
    company_id: string | null;
    phone: string | null;
    email: string | null;
  };
  properties: Array<{ no: string; floor: number | null; area: number | string | null; block_name: string | null }>;
  bank_accounts: BankAccountDetails[];
}
