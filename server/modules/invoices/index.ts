/** The front door of the invoices module: other modules, areas and seeds import it only from here. */
export { default as invoicesRoutes } from './routes';
