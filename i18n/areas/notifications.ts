import type { Widen } from '../en';

/**
 * Staff's in-app notifications in the three languages: the top-bar bell, /notifications and /manager/notifications,
 * and the text of each kind (`notifications.kinds.<kind>`, rendered by the server with its params).
 */
const en = {
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

const ka = {
  resources: {
    notifications: {
      name: 'შეტყობინება |||| შეტყობინებები',
      fields: {
        id: 'ID',
        kind: 'ტიპი',
        text: 'შეტყობინება',
        link: 'ბმული',
        read: 'წაკითხული',
        unread: 'მხოლოდ წაუკითხავი',
        created_at: 'თარიღი',
      },
    },
    'manager-notifications': {
      name: 'თანამშრომლის შეტყობინება |||| თანამშრომლების შეტყობინებები',
      fields: {
        id: 'ID',
        kind: 'ტიპი',
        text: 'შეტყობინება',
        link: 'ბმული',
        read: 'წაკითხული',
        unread: 'მხოლოდ წაუკითხავი',
        created_at: 'თარიღი',
        user_id: 'თანამშრომელი',
        user_name: 'თანამშრომელი',
      },
    },
  },
  messages: {
    notifications: {
      title: 'შეტყობინებები',
      manager_title: 'თანამშრომლების შეტყობინებები',
      bell: 'შეტყობინებები',
      unread_count: 'წაუკითხავი: %{count}',
      mark_all_read: 'ყველას წაკითხულად მონიშვნა',
      mark_read: 'წაკითხულად მონიშვნა',
      none: 'შეტყობინებები არ არის',
      none_unread: 'წაუკითხავი შეტყობინებები არ არის',
      see_all: 'ყველას ნახვა',
      mine: 'ჩემი შეტყობინებები',
      all_marked_read: 'ყველა შეტყობინება მონიშნულია წაკითხულად',
      kinds: {
        payment_recorded: 'ხელშეკრულებაზე %{contract_no} დარეგისტრირდა გადახდა: %{amount}',
        payments_imported:
          'საბანკო ამონაწერიდან ხელშეკრულებაზე %{contract_no} აიტვირთა %{count} გადახდა, სულ %{amount}',
        sale_overdue: 'ხელშეკრულება %{contract_no} ვადაგადაცილებულია: შენატანი დროულად არ არის გადახდილი',
        reservation_expiring: 'კლიენტის %{customer} რეზერვაციის ვადა იწურება %{until}',
        message_failed: 'შეტყობინება კლიენტს %{customer} ხელშეკრულებაზე %{contract_no} ვერ გაიგზავნა არხით: %{channel}',
        sms_no_balance: 'SMS ანგარიშზე (%{provider}) ბალანსი ამოწურულია: შეტყობინებები არ იგზავნება',
        task_assigned: 'თქვენ დაგევალათ ამოცანა: %{title}',
        task_assigned_elsewhere:
          'თქვენ დაგევალათ ამოცანა კომპლექსზე, რომელზეც წვდომა არ გაქვთ. ავტორი: %{author} — დეტალები მას ჰკითხეთ',
        unknown: 'შეტყობინება',
      },
    },
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {
    notifications: {
      name: 'Уведомление |||| Уведомления',
      fields: {
        id: 'ID',
        kind: 'Тип',
        text: 'Уведомление',
        link: 'Ссылка',
        read: 'Прочитано',
        unread: 'Только непрочитанные',
        created_at: 'Дата',
      },
    },
    'manager-notifications': {
      name: 'Уведомление сотрудника |||| Уведомления сотрудников',
      fields: {
        id: 'ID',
        kind: 'Тип',
        text: 'Уведомление',
        link: 'Ссылка',
        read: 'Прочитано',
        unread: 'Только непрочитанные',
        created_at: 'Дата',
        user_id: 'Сотрудник',
        user_name: 'Сотрудник',
      },
    },
  },
  messages: {
    notifications: {
      title: 'Уведомления',
      manager_title: 'Уведомления сотрудников',
      bell: 'Уведомления',
      unread_count: 'Непрочитанных: %{count}',
      mark_all_read: 'Отметить все как прочитанные',
      mark_read: 'Отметить как прочитанное',
      none: 'Нет уведомлений',
      none_unread: 'Нет непрочитанных уведомлений',
      see_all: 'Показать все',
      mine: 'Мои уведомления',
      all_marked_read: 'Все уведомления отмечены как прочитанные',
      kinds: {
        payment_recorded: 'По договору %{contract_no} зарегистрирован платёж: %{amount}',
        payments_imported:
          'Из банковской выписки по договору %{contract_no} загружено платежей: %{count}, на сумму %{amount}',
        sale_overdue: 'Договор %{contract_no} просрочен: очередной взнос не оплачен в срок',
        reservation_expiring: 'Резервирование клиента %{customer} истекает %{until}',
        message_failed:
          'Сообщение клиенту %{customer} по договору %{contract_no} не удалось отправить через %{channel}',
        sms_no_balance: 'На SMS-счёте (%{provider}) нет средств: сообщения не отправляются',
        task_assigned: 'Вам назначена задача: %{title}',
        task_assigned_elsewhere:
          'Вам назначена задача по комплексу, к которому у вас нет доступа; подробности уточните у автора: %{author}',
        unknown: 'Уведомление',
      },
    },
  },
} satisfies Widen<typeof en>;

export const notificationsTexts = { en, ka, ru };
