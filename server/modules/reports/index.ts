/** The front door of the reports module: other modules, areas and seeds import it only from here. */
export { default as reportsRoutes } from './routes';
