/** The front door of the bankAccounts module: other modules, areas and seeds import it only from here. */
export { default as bankAccountsRoutes } from './routes';
export { bankName, createBankAccountsRepository, type BankAccountsRepository } from './repository';
