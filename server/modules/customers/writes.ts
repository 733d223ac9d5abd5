import { and, eq, sql } from 'drizzle-orm';
import { V } from '../../../domain/validation';
import type { Locale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { customers } from '../../db/schema';
import { conflict, invalid, isUniqueViolation, notFound, type AppError } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { countryList } from '../countries';
import { isResponsibleManager } from '../users';
import { live, nameIn, visibleTo } from './visible';

export const CUSTOMER_TYPES = ['individual', 'company'] as const;
export const GENDERS = ['male', 'female'] as const;

export interface CustomerInput {
  type?: (typeof CUSTOMER_TYPES)[number];
  name_ka?: string;
  name_en?: string | null;
  name_ru?: string | null;
  personal_number?: string | null;
  company_code?: string | null;
  country?: string | null;
  citizenship?: string | null;
  gender?: (typeof GENDERS)[number] | null;
  birth_date?: string | null;
  address?: string | null;
  phones?: string[];
  emails?: string[];
  website?: string | null;
  info_source?: string | null;
  no_marketing?: boolean;
  note?: string | null;
  responsible_user_id?: number | null;
}

/** The customer who already holds this personal number (a live individual), if any. */
async function holderOf(tx: Tx | Db, personalNumber: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: customers.id, nameKa: customers.nameKa, nameEn: customers.nameEn, nameRu: customers.nameRu })
    .from(customers)
    .where(
      and(
        eq(customers.personalNumber, personalNumber),
        eq(customers.type, 'individual'),
        live,
        exceptId ? sql`${customers.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

const duplicate = (
  holder: { id: number; nameKa: string; nameEn: string | null; nameRu: string | null },
  locale: Locale,
) =>
  invalid({
    personal_number: [['customers.personal_number_taken', { name: nameIn(holder, locale), id: holder.id }]],
  });

/** The rules that need the whole record (type-dependent fields) or the database (countries, responsible user). */
async function check(
  tx: Tx,
  merged: Required<Pick<CustomerInput, 'type'>> & CustomerInput,
  id: number | undefined,
  locale: Locale,
) {
  const errors: NonNullable<AppError['fieldErrors']> = {};
  if (merged.type === 'individual') {
    if (!merged.personal_number) errors.personal_number = [V.required];
    else {
      const holder = await holderOf(tx, merged.personal_number, id);
      if (holder) throw duplicate(holder, locale);
    }
  } else if (!merged.company_code) errors.company_code = [V.required];
  if (merged.country || merged.citizenship) {
    const codes = new Set((await countryList()).map((c) => c.code_iso2));
    if (merged.country && !codes.has(merged.country)) errors.country = ['customers.unknown_country'];
    if (merged.citizenship && !codes.has(merged.citizenship)) errors.citizenship = ['customers.unknown_country'];
  }
  if (merged.responsible_user_id && !(await isResponsibleManager(tx, merged.responsible_user_id))) {
    errors.responsible_user_id = ['customers.not_sale_manager'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Columns from the input; the fields of the other type are cleared so a record holds one kind of id. */
const columns = (input: CustomerInput, type: string) => ({
  ...(input.type !== undefined && { type: input.type }),
  ...(input.name_ka !== undefined && { nameKa: input.name_ka }),
  ...(input.name_en !== undefined && { nameEn: input.name_en || null }),
  ...(input.name_ru !== undefined && { nameRu: input.name_ru || null }),
  ...(input.personal_number !== undefined && { personalNumber: input.personal_number || null }),
  ...(input.company_code !== undefined && { companyCode: input.company_code || null }),
  ...(input.country !== undefined && { country: input.country || null }),
  ...(input.citizenship !== undefined && { citizenship: input.citizenship || null }),
  ...(input.gender !== undefined && { gender: input.gender || null }),
  ...(input.birth_date !== undefined && { birthDate: input.birth_date || null }),
  ...(input.address !== undefined && { address: input.address || null }),
  ...(input.phones !== undefined && { phones: input.phones }),
  ...(input.emails !== undefined && { emails: input.emails }),
  ...(input.website !== undefined && { website: input.website }),
  ...(input.info_source !== undefined && { infoSource: input.info_source || null }),
  ...(input.no_marketing !== undefined && { noMarketing: input.no_marketing }),
  ...(input.note !== undefined && { note: input.note || null }),
  ...(input.responsible_user_id !== undefined && { responsibleUserId: input.responsible_user_id || null }),
  ...(type === 'company' ? { personalNumber: null, gender: null, birthDate: null } : { companyCode: null }),
});

/** A race past the pre-check meets the partial unique index: still 422 naming the holder. */
async function raced<T>(
  db: Db,
  work: () => Promise<T>,
  personalNumber: string | null | undefined,
  locale: Locale,
  exceptId?: number,
) {
  try {
    return await work();
  } catch (error) {
    if (personalNumber && isUniqueViolation(error, 'customers_personal_number_unique')) {
      const holder = await holderOf(db, personalNumber, exceptId);
      if (holder) throw duplicate(holder, locale);
      throw invalid({ personal_number: [['customers.personal_number_taken', { name: '?', id: 0 }]] });
    }
    throw error;
  }
}

/**
 * Creating, changing and deleting customers, each in one transaction that records itself last; `get` answers the
 * customer as every customers call shows it.
 */
export function createCustomerWrites<T>(db: Db, get: (user: CurrentUser, id: number, locale: Locale) => Promise<T>) {
  async function create(user: CurrentUser, input: CustomerInput, locale: Locale, record: RecordWrite) {
    const type = input.type ?? 'individual';
    const id = await raced(
      db,
      () =>
        db.transaction(async (tx) => {
          await check(tx, { ...input, type }, undefined, locale);
          const [row] = await tx
            .insert(customers)
            .values({ nameKa: input.name_ka!, ...columns({ ...input, type }, type), createdBy: user.id })
            .returning({ id: customers.id });
          await record(tx, { recordId: row.id, buildingId: null });
          return row.id;
        }),
      input.personal_number,
      locale,
    );
    return get({ ...user, permissions: [...user.permissions, 'view_customers'] }, id, locale);
  }

  async function update(user: CurrentUser, id: number, input: CustomerInput, locale: Locale, record: RecordWrite) {
    await raced(
      db,
      () =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(customers)
            .where(and(eq(customers.id, id), live, visibleTo(user)))
            .for('update');
          if (!current) throw notFound();
          const type = input.type ?? (current.type as CustomerInput['type'])!;
          const merged = {
            type,
            personal_number: input.personal_number !== undefined ? input.personal_number : current.personalNumber,
            company_code: input.company_code !== undefined ? input.company_code : current.companyCode,
            country: input.country,
            citizenship: input.citizenship,
            responsible_user_id: input.responsible_user_id,
          };
          await check(tx, merged, id, locale);
          await tx
            .update(customers)
            .set({ ...columns(input, type), updatedAt: new Date() })
            .where(eq(customers.id, id));
          await record(tx, { recordId: id, buildingId: null, before: current });
        }),
      input.personal_number,
      locale,
      id,
    );
    return get({ ...user, permissions: [...user.permissions, 'view_customers'] }, id, locale);
  }

  /** Soft delete; a customer in any deal or with advance payments stays (409). */
  async function remove(user: CurrentUser, id: number, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, id), live, visibleTo(user)))
        .for('update');
      if (!current) throw notFound();
      const [result] = await rows<{ busy: boolean }>(
        tx,
        sql`select
          exists (select 1 from pre_sale_bookings where customer_id = ${id})
          or exists (select 1 from bookings where customer_id = ${id})
          or exists (select 1 from barters where customer_id = ${id})
          or exists (select 1 from advance_payments where customer_id = ${id} and deleted_at is null) as busy`,
      );
      if (result?.busy) throw conflict('customers.in_deals');
      await tx.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, id));
      await record(tx, { recordId: id, buildingId: null });
    });
  }

  return { create, update, remove };
}
