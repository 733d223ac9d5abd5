/** The front door of the properties module: other modules, areas and seeds import it only from here. */
export { default as propertiesRoutes } from './routes';
