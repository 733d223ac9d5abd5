/** The front door of the bookings module: other modules, areas and seeds import it only from here. */
export { default as bookingsRoutes } from './routes';
