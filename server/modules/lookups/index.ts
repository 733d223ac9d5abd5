/** The front door of the lookups module: other modules, areas and seeds import it only from here. */
export { default as lookupsRoutes } from './routes';
