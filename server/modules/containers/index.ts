/** The front door of the containers module: other modules, areas and seeds import it only from here. */
export { default as containersRoutes } from './routes';
export { createContainerWrites, offeredServices } from './writes';
