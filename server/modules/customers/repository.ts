import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { customerMatching, customers, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { FileStore } from '../../core/files';
import { countOrEstimate, filteredBy, likePattern, listPage, type ListQuery } from '../../core/paging';
import type { CurrentUser } from '../../core/types';
import { createCustomerRelated } from './related';
import { live, nameIn, ownOnly, visibleTo } from './visible';
import { createCustomerWrites } from './writes';

export { nameIn, ownOnly, visibleTo } from './visible';
export { CUSTOMER_TYPES, GENDERS, type CustomerInput } from './writes';

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
      where.push(customerMatching(p));
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

  const related = createCustomerRelated(db, files, get);
  const { create, update, remove } = createCustomerWrites(db, get);

  return { list, short, latest, groupedByCountry, get, create, update, remove, related };
}
