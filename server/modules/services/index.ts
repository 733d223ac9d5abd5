/** The front door of the services module: other modules, areas and seeds import it only from here. */
export { default as servicesRoutes } from './routes';
export { serviceName } from './repository';
