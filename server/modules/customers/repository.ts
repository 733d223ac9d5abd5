import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasPermission } from '../../../domain/access';
import { V } from '../../../domain/validation';
import type { Locale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { customers, users } from '../../db/schema';
import { conflict, invalid, isUniqueViolation, notFound, type AppError } from '../../core/errors';
import type { FileStore } from '../../core/files';
import { countOrEstimate, filteredBy, likePattern, listPage, type ListQuery } from '../../core/paging';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { countryList } from '../countries';
import { createCustomerRelated } from './related';
import { isResponsibleManager } from '../users';

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

export interface CustomerFilters extends ListQuery {
  type?: string[];
  country?: string[];
  citizenship?: string[];
  gender?: string[];
  responsible_user_id?: number[];
}

type Row = typeof customers.$inferSelect;

const responsible = alias(users, 'responsible');
const creator = alias(users, 'creator');

const SORTABLE = {
  id: customers.id,
  name: customers.nameKa,
  name_ka: customers.nameKa,
  name_en: customers.nameEn,
  name_ru: customers.nameRu,
  type: customers.type,
  personal_number: customers.personalNumber,
  company_code: customers.companyCode,
  country: customers.country,
  citizenship: customers.citizenship,
  gender: customers.gender,
  birth_date: customers.birthDate,
  created_at: customers.createdAt,
};
type Sort = keyof typeof SORTABLE;
type Window = number | Placeholder;

/** The customer's name in the request's language, Georgian when that one is missing. */
export const nameIn = (row: Pick<Row, 'nameKa' | 'nameEn' | 'nameRu'>, locale: Locale | string) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;

/** A user who may read customers only through view_only_own_customers sees those they created or are responsible for. */
export const ownOnly = (user: CurrentUser) =>
  !hasPermission(user, 'view_customers') && hasPermission(user, 'view_only_own_customers');

/** The customers a user who reads only their own sees: created by them or in their charge. */
const ownCustomers = (userId: number) => or(eq(customers.createdBy, userId), eq(customers.responsibleUserId, userId));

export const visibleTo = (user: CurrentUser): SQL | undefined => (ownOnly(user) ? ownCustomers(user.id) : undefined);

const live = isNull(customers.deletedAt);

export function createCustomersRepository(db: Db, files: FileStore) {
  const present = (
    row: Row,
    names: { responsible: string | null; creator: string | null },
    locale: Locale | string,
  ) => ({
    id: row.id,
    type: row.type,
    name: nameIn(row, locale),
    name_ka: row.nameKa,
    name_en: row.nameEn,
    name_ru: row.nameRu,
    personal_number: row.personalNumber,
    company_code: row.companyCode,
    country: row.country,
    citizenship: row.citizenship,
    gender: row.gender,
    birth_date: row.birthDate,
    address: row.address,
    phones: row.phones,
    emails: row.emails,
    website: row.website,
    info_source: row.infoSource,
    no_marketing: row.noMarketing,
    note: row.note,
    responsible_user_id: row.responsibleUserId,
    responsible_user_name: names.responsible,
    created_by: row.createdBy,
    created_by_name: names.creator,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
  type Customer = ReturnType<typeof present>;

  const selection = { customer: customers, responsibleName: responsible.fullName, creatorName: creator.fullName };
  const base = () =>
    db
      .select(selection)
      .from(customers)
      .leftJoin(responsible, eq(responsible.id, customers.responsibleUserId))
      .leftJoin(creator, eq(creator.id, customers.createdBy));

  function filtersOf(user: CurrentUser, q: Partial<CustomerFilters>) {
    const where: Array<SQL | undefined> = [live, visibleTo(user)];
    if (q.query) {
      const p = likePattern(q.query);
      where.push(
        or(
          ilike(customers.nameKa, p),
          ilike(customers.nameEn, p),
          ilike(customers.nameRu, p),
          ilike(customers.personalNumber, p),
          ilike(customers.companyCode, p),
          sql`${customers.phones}::text ilike ${p}`,
          sql`${customers.emails}::text ilike ${p}`,
        ),
      );
    }
    if (q.type?.length) where.push(inArray(customers.type, q.type));
    if (q.country?.length)
      where.push(
        inArray(
          customers.country,
          q.country.map((c) => c.toUpperCase()),
        ),
      );
    if (q.citizenship?.length)
      where.push(
        inArray(
          customers.citizenship,
          q.citizenship.map((c) => c.toUpperCase()),
        ),
      );
    if (q.gender?.length) where.push(inArray(customers.gender, q.gender));
    if (q.responsible_user_id?.length) where.push(inArray(customers.responsibleUserId, q.responsible_user_id));
    return and(...where);
  }

  const ordered = (sort: keyof typeof SORTABLE, descending: boolean) =>
    [descending ? desc(SORTABLE[sort]) : asc(SORTABLE[sort]), desc(customers.id)] as const;

  const pageQuery = (where: SQL | undefined, sort: Sort, descending: boolean, limit: Window, offset: Window) =>
    base()
      .where(where)
      .orderBy(...ordered(sort, descending))
      .limit(limit)
      .offset(offset);
  const openingPages = new Map<string, ReturnType<ReturnType<typeof pageQuery>['prepare']>>();

  /** A page under `where`; `asItOpens`: no filter, for a user who sees every customer. */
  function page(
    where: SQL | undefined,
    sort: Sort,
    descending: boolean,
    limit: number,
    offset: number,
    asItOpens: boolean,
  ) {
    if (!asItOpens) return pageQuery(where, sort, descending, limit, offset);
    // prepared once per sort as the list opens: building it at every call slowed the list (docs/decisions.md)
    const name = `customers_page_${sort}_${descending ? 'desc' : 'asc'}`;
    if (!openingPages.has(name))
      openingPages.set(
        name,
        pageQuery(where, sort, descending, sql.placeholder('limit'), sql.placeholder('offset')).prepare(name),
      );
    return openingPages.get(name)!.execute({ limit, offset });
  }

  async function list(user: CurrentUser, q: CustomerFilters, locale: Locale) {
    const where = filtersOf(user, q);
    const filtered = filteredBy(q);
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'id', newestFirst: true },
      ({ key, descending, limit, offset }) => page(where, key!, descending, limit, offset, !filtered && !ownOnly(user)),
      () => countOrEstimate(db, db.select({ id: customers.id }).from(customers).where(where), filtered),
    );
    return {
      data: rows.map((r) => present(r.customer, { responsible: r.responsibleName, creator: r.creatorName }, locale)),
      meta,
    };
  }

  /** shortMode: id and name of every match (at most 50), for pickers. */
  async function short(user: CurrentUser, q: Partial<CustomerFilters>, locale: Locale) {
    const rows = await db
      .select()
      .from(customers)
      .where(filtersOf(user, q))
      .orderBy(asc(customers.nameKa), asc(customers.id))
      .limit(50);
    return rows.map((r) => ({ id: r.id, name: nameIn(r, locale) }));
  }

  async function latest(user: CurrentUser, count: number, locale: Locale) {
    const rows = await base()
      .where(filtersOf(user, {}))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(count);
    return rows.map((r) => present(r.customer, { responsible: r.responsibleName, creator: r.creatorName }, locale));
  }

  async function groupedByCountry(user: CurrentUser) {
    const rows = await db
      .select({ country: customers.country, count: sql<number>`cast(count(*) as integer)` })
      .from(customers)
      .where(and(live, visibleTo(user)))
      .groupBy(customers.country)
      .orderBy(desc(sql`count(*)`), asc(customers.country));
    return rows;
  }

  async function get(user: CurrentUser, id: number, locale: Locale): Promise<Customer> {
    const [r] = await base().where(and(eq(customers.id, id), live, visibleTo(user)));
    if (!r) throw notFound();
    return present(r.customer, { responsible: r.responsibleName, creator: r.creatorName }, locale);
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

  async function create(user: CurrentUser, input: CustomerInput, locale: Locale, record: RecordWrite) {
    const type = input.type ?? 'individual';
    const id = await raced(
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

  const related = createCustomerRelated(db, files, get);

  return { list, short, latest, groupedByCountry, get, create, update, remove, related };
}
