/** The front door of the prices module: other modules, areas and seeds import it only from here. */
export { default as pricesRoutes } from './routes';
