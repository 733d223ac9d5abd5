/** The front door of the barter module: other modules, areas and seeds import it only from here. */
export { default as barterRoutes } from './routes';
