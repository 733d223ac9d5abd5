/** The front door of the buildings module: other modules, areas and seeds import it only from here. */
export { default as buildingsRoutes } from './routes';
