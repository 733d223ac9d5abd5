/** The front door of the tickets module: other modules, areas and seeds import it only from here. */
export { default as ticketsRoutes } from './routes';
