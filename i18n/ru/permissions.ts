import type { Widen } from '../en';
import type { permissionsTexts as en } from '../en/permissions';

export const permissionsTexts = {
  messages: {
    permission_texts: {
      name: 'Право',
      description: 'Что оно даёт',
      actions: {
        view: '%{group}: просмотр',
        add: '%{group}: добавление',
        edit: '%{group}: изменение',
        delete: '%{group}: удаление',
      },
      describe: {
        view: 'Открывает раздел «%{group}» и показывает его записи',
        add: 'Создаёт новые записи в разделе «%{group}»',
        edit: 'Изменяет существующие записи в разделе «%{group}»',
        delete: 'Удаляет записи в разделе «%{group}»',
      },
      names: {
        all_buildings_access: 'Все комплексы',
        view_only_own_sales: 'Продажи: только свои',
        view_canceled_sales: 'Продажи: отменённые',
        send_cancellation_notification: 'Продажи: просрочка и уведомления об отмене',
        view_only_own_customers: 'Клиенты: только свои',
        can_be_responsible_sale_manager: 'Может быть ответственным менеджером продаж',
        view_all_logs: 'Журнал действий: все',
        view_own_logs: 'Журнал действий: свои',
      },
      descriptions: {
        all_buildings_access: 'Видит все комплексы, в том числе добавленные позже, без выдачи по одному',
        view_only_own_sales: 'Видит только продажи, где он ответственный менеджер',
        view_canceled_sales: 'Открывает список отменённых продаж',
        send_cancellation_notification: 'Открывает просроченные продажи и записывает уведомления об отмене',
        view_only_own_customers: 'Видит только клиентов, за которых отвечает',
        can_be_responsible_sale_manager: 'Может быть выбран ответственным менеджером клиента или продажи',
        view_all_logs: 'Читает записи всех сотрудников в журнале действий',
        view_own_logs: 'Читает свои записи в журнале действий',
      },
    },
    access_denied: {
      title: 'Доступ запрещён',
      text: 'У вас нет права, нужного для этой страницы. Если оно нужно, обратитесь к администратору.',
      home: 'На главную страницу',
    },
  },
} satisfies Widen<typeof en>;
