import { z } from 'zod';
import { pageMetaSchema } from './paging';

/**
 * The kinds of staff notification whose texts the catalogues hold (`notifications.kinds.<kind>`), with the params each
 * one's text names. A kind not listed still reads, as a plain "notification".
 */
export const NOTIFICATION_KINDS = [
  'payment_recorded',
  'payments_imported',
  'sale_overdue',
  'reservation_expiring',
  'message_failed',
  'sms_no_balance',
  'task_assigned',
  'task_assigned_elsewhere',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One in-app notification of GET /notifications and GET /notifications/{id}. `text` is rendered by the server in the
 * request's language as HTML-safe text (its params are escaped), so the browser may show it as HTML.
 */
export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  text: z.string(),
  /** A path of the web app ('/sales/12/show'), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type StaffNotification = z.infer<typeof notificationSchema>;

/** One of GET /manager/notifications: also whose it is. */
export const managerNotificationSchema = notificationSchema.extend({
  user_id: z.number(),
  user_name: z.string(),
});
export type ManagerNotification = z.infer<typeof managerNotificationSchema>;

/**
 * What the notification lists add to the paging meta of every list: the unread count. GET /notifications: the
 * signed-in user's (whatever the filter); manager mode: the chosen user's, or everyone's.
 */
export const notificationsMetaExtra = { unread: z.number() };

/** The paging of every list (server/core/paging.ts) and the unread count. */
export const notificationsMetaSchema = pageMetaSchema.extend(notificationsMetaExtra);
export type NotificationsMeta = z.infer<typeof notificationsMetaSchema>;

/** GET /notifications (the top-bar bell reads `?unread=1&perpage=5`: the count and the latest 5 unread in one call). */
export const notificationListSchema = z.object({ data: z.array(notificationSchema), meta: notificationsMetaSchema });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /manager/notifications. */
export const managerNotificationListSchema = z.object({
  data: z.array(managerNotificationSchema),
  meta: notificationsMetaSchema,
});
export type ManagerNotificationList = z.infer<typeof managerNotificationListSchema>;

/** One of GET /manager/notifications/recipients: the members of staff manager mode filters by. */
export const notificationRecipientSchema = z.object({ id: z.number(), full_name: z.string() });
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;

/** POST /mark-as-read: how many of the user's notifications are still unread. */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
