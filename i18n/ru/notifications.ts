import type { Widen } from '../en';
import type { notificationsTexts as en } from '../en/notifications';

export const notificationsTexts = {
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
