/** The front door of the tasks module: other modules, areas and seeds import it only from here. */
export { default as tasksRoutes } from './routes';
