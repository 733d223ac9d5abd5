/** The front door of the sales module: other modules, areas and seeds import it only from here. */
export { default as salesRoutes } from './routes';
export { createSalesRepository, presentInstallment } from './repository';
export { foldSaleTotals } from './summed';
