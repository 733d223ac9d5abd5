/**
 * Staff's in-app notifications in English: the top-bar bell, /notifications and /manager/notifications,
 * and the text of each kind (`notifications.kinds.<kind>`, rendered by the server with its params).
 */
export const notificationsTexts = {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      fields: {
        id: 'ID',
        kind: 'Type',
        text: 'Notification',
        link: 'Link',
        read: 'Read',
        unread: 'Unread only',
        created_at: 'Date',
      },
    },
    'manager-notifications': {
      name: "Employee's notification |||| Employees' notifications",
      fields: {
        id: 'ID',
        kind: 'Type',
        text: 'Notification',
        link: 'Link',
        read: 'Read',
        unread: 'Unread only',
        created_at: 'Date',
        user_id: 'Employee',
        user_name: 'Employee',
      },
    },
  },
  messages: {
    notifications: {
      title: 'Notifications',
      manager_title: "Employees' notifications",
      bell: 'Notifications',
      unread_count: 'Unread: %{count}',
      mark_all_read: 'Mark all as read',
      mark_read: 'Mark as read',
      none: 'No notifications',
      none_unread: 'No unread notifications',
      see_all: 'See all',
      mine: 'My notifications',
      all_marked_read: 'All notifications are marked as read',
      kinds: {
        payment_recorded: 'A payment of %{amount} was recorded on contract %{contract_no}',
        payments_imported:
          '%{count} payment(s) totalling %{amount} were imported from a bank statement onto contract %{contract_no}',
        sale_overdue: 'Contract %{contract_no} is overdue: an installment has fallen due unpaid',
        reservation_expiring: 'The reservation for %{customer} ends on %{until}',
        message_failed: 'A message to %{customer} about contract %{contract_no} could not be sent by %{channel}',
        sms_no_balance: 'The SMS account (%{provider}) has no balance: messages are not being sent',
        task_assigned: 'A task was assigned to you: %{title}',
        task_assigned_elsewhere:
          'A task about a complex outside your access was assigned to you by %{author}; ask them for its details',
        unknown: 'Notification',
      },
    },
  },
} as const;
