/** The front door of the paymentSchedules module: other modules, areas and seeds import it only from here. */
export { default as paymentSchedulesRoutes } from './routes';
