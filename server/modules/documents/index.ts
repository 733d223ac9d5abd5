/** The front door of the documents module: other modules, areas and seeds import it only from here. */
export { default as documentsRoutes } from './routes';
export { presentDocument, registerOwnerFiles } from './ownerFiles';
