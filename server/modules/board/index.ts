/** The front door of the board module: other modules, areas and seeds import it only from here. */
export { default as boardRoutes } from './routes';
