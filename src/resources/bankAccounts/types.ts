export type { Bank, BankAccount } from '../../../domain/contracts/sites';
