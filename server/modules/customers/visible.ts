/** The customers a user sees, and the name a customer goes by in the request's language. */
import { eq, isNull, or, type SQL } from 'drizzle-orm';
import { hasPermission } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import { customers } from '../../db/schema';
import type { CurrentUser } from '../../core/types';

type Row = typeof customers.$inferSelect;

/** The customer's name in the request's language, Georgian when that one is missing. */
export const nameIn = (row: Pick<Row, 'nameKa' | 'nameEn' | 'nameRu'>, locale: Locale | string) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;

/**
 * A user who may read customers only through view_only_own_customers sees those they created or are responsible for.
 */
export const ownOnly = (user: CurrentUser) =>
  !hasPermission(user, 'view_customers') && hasPermission(user, 'view_only_own_customers');

/** The customers a user who reads only their own sees: created by them or in their charge. */
const ownCustomers = (userId: number) => or(eq(customers.createdBy, userId), eq(customers.responsibleUserId, userId));

export const visibleTo = (user: CurrentUser): SQL | undefined => (ownOnly(user) ? ownCustomers(user.id) : undefined);

/** A customer not deleted. */
export const live = isNull(customers.deletedAt);
