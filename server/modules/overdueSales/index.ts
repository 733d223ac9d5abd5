/** The front door of the overdueSales module: other modules, areas and seeds import it only from here. */
export { default as overdueSalesRoutes } from './routes';
export { settleOverdueSales } from './recompute';
