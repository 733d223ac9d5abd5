import type { BankAccount } from '../bankAccounts/types';

export interface Block {
  id: number;
  name: string;
  floors: number | null;
  properties_count: number;
}

/** A complex as GET /buildings and GET /buildings/{id} answer it (SPEC §3). */
export interface Building {
  id: number;
  name: string;
  cad_code: string | null;
  company_id: number | null;
  company_name: string | null;
  director: string | null;
  director_pid: string | null;
  manager_name: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  property_states: Record<string, string>;
  notifiable: boolean;
  facsimile_url: string | null;
  /** SPEC §3's name for the same signed address. */
  facsimile_file_url?: string | null;
  blocks: Block[];
  blocks_count: number;
  properties_count: number;
  bank_accounts?: BankAccount[];
}
