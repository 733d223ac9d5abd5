/** The front door of the customers module: other modules, areas and seeds import it only from here. */
export { default as customersRoutes } from './routes';
export { visibleTo } from './repository';
