/** The front door of the users module: other modules, areas and seeds import it only from here. */
export { default as usersRoutes } from './routes';
export { createUsersRepository } from './repository';
export { isResponsibleManager, usersHolding } from './responsibleManagers';
