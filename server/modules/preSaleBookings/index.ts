/** The front door of the preSaleBookings module: other modules, areas and seeds import it only from here. */
export { default as preSaleBookingsRoutes } from './routes';
export { expireHolds } from './repository';
export { checkParties } from './shared';
export { dealReads, presentParties, type DealRow } from './dealList';
/** The payments repository's old place for a customer's name (domain/names). */
