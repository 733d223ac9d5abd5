/** The front door of the comments module: other modules, areas and seeds import it only from here. */
export { default as commentsRoutes } from './routes';
