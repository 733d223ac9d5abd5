/** The front door of the auth module: other modules, areas and seeds import it only from here. */
export { default as authRoutes } from './routes';
