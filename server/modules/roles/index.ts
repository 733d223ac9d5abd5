/** The front door of the roles module: other modules, areas and seeds import it only from here. */
export { default as rolesRoutes } from './routes';
export { createRolesRepository } from './repository';
