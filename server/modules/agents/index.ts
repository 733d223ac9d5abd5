/** The front door of the agents module: other modules, areas and seeds import it only from here. */
export { default as agentsRoutes } from './routes';
