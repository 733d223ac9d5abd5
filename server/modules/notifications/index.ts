/** The front door of the notifications module: other modules, areas and seeds import it only from here. */
export { default as notificationsRoutes, noticeText } from './routes';
export {
  notifyUsers,
  notifyAdministrators,
  notifyExpiringReservations,
  noticesFrom,
  noticesInsert,
  type StaffNotice,
} from './repository';
