/** The front door of the features module: other modules, areas and seeds import it only from here. */
export { default as featuresRoutes } from './routes';
export { localName } from './names';
