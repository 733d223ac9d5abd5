/** The front door of the company module: other modules, areas and seeds import it only from here. */
export { default as companyRoutes } from './routes';
