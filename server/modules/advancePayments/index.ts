/** The front door of the advancePayments module: other modules, areas and seeds import it only from here. */
export { default as advancePaymentsRoutes } from './routes';
