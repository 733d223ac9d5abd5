import type { FastifyInstance } from 'fastify';
import bankAccountsRoutes from '../modules/bankAccounts/routes';
import banksRoutes from '../modules/banks/routes';
import buildingsRoutes from '../modules/buildings/routes';
import companyRoutes from '../modules/company/routes';
import countriesRoutes from '../modules/countries/routes';

/** Registers the sites area's route plugins under /api: company, buildings and blocks, banks, accounts, countries. */
export default async function sitesArea(app: FastifyInstance) {
  await app.register(companyRoutes);
  await app.register(buildingsRoutes);
  await app.register(banksRoutes);
  await app.register(bankAccountsRoutes);
  await app.register(countriesRoutes);
}
