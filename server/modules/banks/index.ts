/** The front door of the banks module: other modules, areas and seeds import it only from here. */
export { default as banksRoutes } from './routes';
