import type { Locale } from '../i18n';

/** A customer's name in the reader's language, falling back to the Georgian one. */
export const customerName = (
  c: { nameKa: string | null; nameEn: string | null; nameRu: string | null },
  locale: Locale,
) => (locale === 'en' ? c.nameEn : locale === 'ru' ? c.nameRu : c.nameKa) || c.nameKa || '';

/** INV-000042: invoices are numbered in order of issue, by their id. */
export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;
