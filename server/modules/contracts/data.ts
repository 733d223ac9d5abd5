import { asc, eq, inArray } from 'drizzle-orm';
import type { ContractData, TemplateLanguage } from '../../../domain/documentPlaceholders';
import type { DateFormat } from '../../../domain/dateFormats';
import type { Principal } from '../../../domain/access';
import { toMinor, type Currency } from '../../../domain/money';
import type { Db } from '../../db/client';
import { buildings, companies, customers, properties, propertyFeatureLinks, propertyFeatures } from '../../db/schema';
import type { FileStore } from '../../core/files';
import { customFieldValues } from '../customFields';
import { createSalesRepository } from '../sales';

const localName = (row: { nameKa: string; nameEn: string | null; nameRu: string | null }, locale: TemplateLanguage) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;

/**
 * One sale's data for a contract, read for the signed-in user: the sale through the sales module (building scope and
 * the own-sales rule: 404 outside them), then its customer, complex, company, units with features, and custom fields.
 */
export async function loadContractData(
  db: Db,
  files: FileStore,
  user: Principal,
  saleId: number,
  options: { locale: TemplateLanguage; dateFormat: DateFormat },
): Promise<{ data: ContractData; contractNo: string | null; buildingId: number }> {
  const { locale, dateFormat } = options;
  const sale = await createSalesRepository(db).get(user, saleId, locale);
  const unitIds = sale.properties.map((p) => p.id);
  const [[customer], [building], unitRows, featureRows] = await Promise.all([
    db.select().from(customers).where(eq(customers.id, sale.customer_id)),
    db.select().from(buildings).where(eq(buildings.id, sale.building_id)),
    unitIds.length
      ? db
          .select({ id: properties.id, cadCode: properties.cadCode })
          .from(properties)
          .where(inArray(properties.id, unitIds))
      : Promise.resolve([]),
    unitIds.length
      ? db
          .select({ propertyId: propertyFeatureLinks.propertyId, feature: propertyFeatures })
          .from(propertyFeatureLinks)
          .innerJoin(propertyFeatures, eq(propertyFeatures.id, propertyFeatureLinks.featureId))
          .where(inArray(propertyFeatureLinks.propertyId, unitIds))
          .orderBy(asc(propertyFeatures.id))
      : Promise.resolve([]),
  ]);
  const [company] = building?.companyId
    ? await db.select().from(companies).where(eq(companies.id, building.companyId))
    : await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  const display = { locale, dateFormat };
  const custom = {
    ...(await customFieldValues(db, 'complex', sale.building_id, display)),
    ...(unitIds[0] ? await customFieldValues(db, 'unit', unitIds[0], display) : {}),
    ...(await customFieldValues(db, 'customer', sale.customer_id, display)),
    ...(await customFieldValues(db, 'sale', sale.id, display)),
  };
  const cadCodes = new Map(unitRows.map((u) => [u.id, u.cadCode]));
  const data: ContractData = {
    company: {
      name: company?.name ?? null,
      id: company?.identificationCode ?? null,
      director: company?.director ?? null,
      phone: company?.phone ?? null,
      email: company?.email ?? null,
      address: company?.address ?? null,
    },
    contract: {
      no: sale.contract_no,
      startDate: sale.contract_start_date,
      endDate: sale.contract_end_date,
      currency: sale.currency as Currency,
      price: toMinor(sale.price),
    },
    schedule: sale.installments.map((i) => ({ number: i.number, dueDate: i.due_date, amount: toMinor(i.amount) })),
    customer: {
      name: customer ? localName(customer, locale) : null,
      pn: customer ? (customer.personalNumber ?? customer.companyCode) : null,
      address: customer?.address ?? null,
      phone: customer?.phones[0] ?? null,
      email: customer?.emails[0] ?? null,
    },
    units: sale.properties.map((p) => ({
      no: p.no,
      floor: p.floor,
      area: p.area,
      type: p.type,
      state: p.state,
      cadCode: cadCodes.get(p.id) ?? null,
      block: p.block_name,
      features: featureRows.filter((f) => f.propertyId === p.id).map((f) => localName(f.feature, locale)),
    })),
    complex: {
      name: building?.name ?? null,
      cadCode: building?.cadCode ?? null,
      address: building?.address ?? null,
      director: building?.director ?? null,
      facsimileUrl: files.signedUrl(building?.facsimilePath),
    },
    custom,
  };
  return { data, contractNo: sale.contract_no, buildingId: sale.building_id };
}
