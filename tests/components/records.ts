import type { Sale, SaleDetail } from '../../domain/contracts/sales';
import type { Customer } from '../../domain/contracts/customers';
import type { User } from '../../domain/contracts/users';
import type { StoredRate } from '../../domain/contracts/payments';

/**
 * Whole records as the API's contracts (domain/contracts) describe them, for msw to answer; a test gives what it reads.
 */

/** A sale as GET /sales lists it. */
export const aSale = (fields: Partial<Sale> & Pick<Sale, 'id'>): Sale => ({
  contract_no: `S-${fields.id}`,
  status: 'active',
  building_id: 1,
  building_name: 'Vake Residence',
  customer_id: 1,
  customer_name: 'Nino Beridze',
  customer_personal_number: null,
  customer_phone: null,
  agent_id: null,
  agent_name: null,
  agent_fee_percent: 0,
  agent_fee_amount: 0,
  agent_fee_status: 'not_due',
  agent_is_paid: false,
  minimum_income_percent: 0,
  user_id: null,
  user_name: null,
  price: 100_000,
  currency: 'USD',
  currency_rate: null,
  paid_total: 0,
  remaining: 100_000,
  paid_percent: 0,
  contract_type: 'standard',
  payment_type: 'installments',
  contract_language: 'ka',
  contract_start_date: '2026-01-15',
  contract_end_date: null,
  first_payment_date: null,
  period_months: 12,
  payments_count: 12,
  formula: null,
  activity_type: null,
  note: null,
  renovation_price: 0,
  renovation_paid: 0,
  renovation_debt: 0,
  pre_sale_booking_id: null,
  properties: [],
  next_due_date: null,
  next_due_amount: null,
  days_late: 0,
  amount_overdue: 0,
  customer_change_date: null,
  customer_change_reason: null,
  cancellation_date: null,
  cancellation_reason: null,
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
  ...fields,
});

/** A sale as GET /sales/{id} answers it: with its schedule, payments and files count. */
export const aSaleDetail = (fields: Partial<SaleDetail> & Pick<SaleDetail, 'id'>): SaleDetail => ({
  ...aSale(fields),
  installments: [],
  payments: [],
  files_count: 0,
  ...fields,
});

/** A customer as GET /customers/{id} answers it. */
export const aCustomer = (fields: Partial<Customer> & Pick<Customer, 'id'>): Customer => ({
  type: 'physical',
  name: 'Nino Beridze',
  name_ka: 'ნინო ბერიძე',
  name_en: null,
  name_ru: null,
  personal_number: null,
  company_code: null,
  country: null,
  citizenship: null,
  gender: null,
  birth_date: null,
  address: null,
  phones: [],
  emails: [],
  website: null,
  info_source: null,
  no_marketing: false,
  note: null,
  responsible_user_id: null,
  responsible_user_name: null,
  created_by: null,
  created_by_name: null,
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
  ...fields,
});

/** A user as GET /users/{id} answers it. */
export const aUser = (fields: Partial<User> & Pick<User, 'id'>): User => ({
  full_name: 'Nino Beridze',
  email: `user${fields.id}@demo.ge`,
  phone: null,
  active: true,
  avatar_url: null,
  roles: [],
  buildings: [],
  is_admin: false,
  created_at: '2026-01-15T09:00:00.000Z',
  ...fields,
});

/** A stored rate of GET /currency-rates (its id is 'USD:2026-03-01'). */
export const aStoredRate = (
  fields: Partial<StoredRate> & Pick<StoredRate, 'currency' | 'date' | 'rate'>,
): StoredRate => ({
  id: `${fields.currency}:${fields.date}`,
  source: 'nbg',
  created_at: `${fields.date}T10:00:00.000Z`,
  ...fields,
});
