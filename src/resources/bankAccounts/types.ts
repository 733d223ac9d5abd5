/** An account as GET /bank-accounts answers it (SPEC §3): no block means the group titled 'general'. */
export interface BankAccount {
  id: number;
  building_id: number;
  building_name: string;
  block_id: number | null;
  block_name: string | null;
  bank_id: number;
  bank_name: string;
  bank_code: string;
  iban: string | null;
  local_currency: string;
  iban_usd: string | null;
  iban_eur: string | null;
  mediator_bank_usd: string | null;
  mediator_bank_eur: string | null;
  branch: string | null;
}

export interface Bank {
  id: number;
  title: string;
  title_en: string | null;
  name: string;
  code: string;
  iban_code: string | null;
  accounts_count: number;
}
