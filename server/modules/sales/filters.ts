import { businessDayEnd, businessDayStart } from '../../../domain/businessDay';
import { and, eq, exists, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { subDays } from 'date-fns';
import type { Db } from '../../db/client';
import { customers, documentFiles, installments, payments, properties, saleProperties, sales } from '../../db/schema';
import { likePattern } from '../../core/paging';
import { lateInstallment, saleMatching } from '../saleLedger';
import type { SalesQuery, TrashedQuery } from './fields';

/** The sales list's filters as conditions, and whether they read the customer's columns. */
export function createSaleFilters(db: Db) {
  const unitOfSale = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(saleProperties)
        .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
        .where(and(eq(saleProperties.saleId, sales.id), condition)),
    );
  const flagged = (flag: boolean | undefined, condition: SQL) =>
    flag === undefined ? undefined : flag ? condition : sql`not (${condition})`;

  /** The conditions of the sales list's filters. */
  function filtersOf(
    q: SalesQuery & Partial<Pick<TrashedQuery, 'cancellation_date_from' | 'cancellation_date_to'>>,
    today: string,
  ): Array<SQL | undefined> {
    const filters: Array<SQL | undefined> = [];
    if (q.query) filters.push(saleMatching(q.query));
    if (q.id !== undefined) filters.push(eq(sales.id, q.id));
    if (q.contract_no) filters.push(ilike(sales.contractNo, likePattern(q.contract_no)));
    if (q.property_num) filters.push(unitOfSale(eq(properties.no, q.property_num)));
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.customer_id !== undefined) filters.push(eq(sales.customerId, q.customer_id));
    if (q.customer_country) filters.push(eq(customers.country, q.customer_country));
    if (q.customer_citizen) filters.push(eq(customers.citizenship, q.customer_citizen));
    if (q.agent_id !== undefined) filters.push(eq(sales.agentId, q.agent_id));
    if (q.payment_ccy?.length) filters.push(inArray(sales.currency, q.payment_ccy));
    if (q.sale_statuses?.length) filters.push(inArray(sales.status, q.sale_statuses));
    if (q.renovation_statuses?.length) {
      const renovation = {
        none: sql`${sales.renovationPrice} = 0`,
        paid: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} >= ${sales.renovationPrice}`,
        debt: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} < ${sales.renovationPrice}`,
      };
      filters.push(or(...q.renovation_statuses.map((s) => renovation[s])));
    }
    if (q.contract_type) filters.push(eq(sales.contractType, q.contract_type));
    if (q.block !== undefined) filters.push(unitOfSale(eq(properties.blockId, q.block)));
    if (q.contract_start_date_from) filters.push(gte(sales.contractStartDate, q.contract_start_date_from));
    if (q.contract_start_date_to) filters.push(lte(sales.contractStartDate, q.contract_start_date_to));
    if (q.first_installment_date_from) filters.push(gte(sales.firstPaymentDate, q.first_installment_date_from));
    if (q.first_installment_date_to) filters.push(lte(sales.firstPaymentDate, q.first_installment_date_to));
    if (q.installment_due_from || q.installment_due_to) {
      const dueIn = and(
        eq(installments.saleId, sales.id),
        sql`${installments.paid} < ${installments.amount}`,
        q.installment_due_from ? gte(installments.dueDate, q.installment_due_from) : undefined,
        q.installment_due_to ? lte(installments.dueDate, q.installment_due_to) : undefined,
      );
      filters.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(installments)
            .where(dueIn),
        ),
      );
    }
    if (q.adding_date_from) filters.push(sql`${sales.createdAt} >= ${businessDayStart(q.adding_date_from)}`);
    if (q.adding_date_to) filters.push(sql`${sales.createdAt} < ${businessDayEnd(q.adding_date_to)}`);
    if (q.cancellation_date_from) filters.push(gte(sales.cancellationDate, q.cancellation_date_from));
    if (q.cancellation_date_to) filters.push(lte(sales.cancellationDate, q.cancellation_date_to));
    if (q.activity_type) filters.push(eq(sales.activityType, q.activity_type));
    if (q.info_source) filters.push(eq(customers.infoSource, q.info_source));
    if (q.property_state) filters.push(unitOfSale(eq(properties.state, q.property_state)));
    if (q.property_type) filters.push(unitOfSale(eq(properties.type, q.property_type)));
    filters.push(
      flagged(
        q.has_payments,
        exists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.saleId, sales.id), isNull(payments.voidedAt))),
        ),
      ),
    );
    filters.push(
      flagged(
        q.has_docs,
        exists(
          db
            .select({ one: sql`1` })
            .from(documentFiles)
            .where(and(eq(documentFiles.ownerType, 'sale'), eq(documentFiles.ownerId, sales.id))),
        ),
      ),
    );
    if (q.owner) filters.push(eq(customers.type, q.owner));
    if (q.contract_lang) filters.push(eq(sales.contractLanguage, q.contract_lang));
    // payment_percent: the customer has paid at least this share of the price.
    if (q.payment_percent !== undefined && q.payment_percent !== null)
      filters.push(sql`${sales.paidTotal} * 100 >= ${sales.price} * ${q.payment_percent}`);
    filters.push(
      flagged(
        q.with_multiple_properties,
        sql`(select count(*) from ${saleProperties} where ${saleProperties.saleId} = ${sales.id}) > 1`,
      ),
    );
    if (q.customer_birth_date) filters.push(eq(customers.birthDate, q.customer_birth_date));
    filters.push(flagged(q.customer_has_phone, sql`jsonb_array_length(${customers.phones}) > 0`));
    filters.push(flagged(q.customer_has_email, sql`jsonb_array_length(${customers.emails}) > 0`));
    if (q.cancellation_candidate !== undefined) {
      // A cancellation candidate is an overdue sale more than 30 days late:
      // its oldest unpaid past-due installment fell due over 30 days ago.
      const monthAgo = subDays(new Date(`${today}T00:00:00Z`), 30)
        .toISOString()
        .slice(0, 10);
      const candidate = and(
        eq(sales.status, 'overdue'),
        exists(
          db
            .select({ one: sql`1` })
            .from(installments)
            .where(and(eq(installments.saleId, sales.id), lateInstallment(monthAgo))),
        ),
      )!;
      filters.push(flagged(q.cancellation_candidate, candidate));
    }
    if (q.user_id !== undefined) filters.push(eq(sales.userId, q.user_id));
    return filters;
  }

  /**
   * Whether the filters read the customer's columns: the count joins customers only then, the page also for a sort by
   * the customer's name. The free text finds its customers by a subquery of its own.
   */
  const filtersReadCustomer = (q: SalesQuery) =>
    Boolean(q.customer_country || q.customer_citizen || q.info_source || q.owner || q.customer_birth_date) ||
    q.customer_has_phone !== undefined ||
    q.customer_has_email !== undefined;
  const readsCustomer = (q: SalesQuery) => filtersReadCustomer(q) || q.sort === 'customer_name';

  return { filtersOf, filtersReadCustomer, readsCustomer };
}
