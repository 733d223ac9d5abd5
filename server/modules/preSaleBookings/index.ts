/** The front door of the preSaleBookings module: other modules, areas and seeds import it only from here. */
export { default as preSaleBookingsRoutes } from './routes';
export { expireHolds } from './repository';
export { checkParties, customerColumns, customerName } from './shared';
