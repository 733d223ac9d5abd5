import type { FastifyInstance } from 'fastify';
import { bankAccountsRoutes } from '../modules/bankAccounts';
import { banksRoutes } from '../modules/banks';
import { buildingsRoutes } from '../modules/buildings';
import { companyRoutes } from '../modules/company';
import { countriesRoutes } from '../modules/countries';

/** Registers the sites area's route plugins under /api: company, buildings and blocks, banks, accounts, countries. */
export default async function sitesArea(app: FastifyInstance) {
  await app.register(companyRoutes);
  await app.register(buildingsRoutes);
  await app.register(banksRoutes);
  await app.register(bankAccountsRoutes);
  await app.register(countriesRoutes);
}
