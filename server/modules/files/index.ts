/** The front door of the files module: other modules, areas and seeds import it only from here. */
export { default as filesRoutes } from './routes';
