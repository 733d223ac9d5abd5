/** The front door of the config module: other modules, areas and seeds import it only from here. */
export { default as configRoutes } from './routes';
