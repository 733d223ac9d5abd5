/** The front door of the activity-log module: other modules, areas and seeds import it only from here. */
export { default as logsRoutes } from './routes';
