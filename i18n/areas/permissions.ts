import type { Widen } from '../en';

/** How permissions are named and described (/role-permission, the role editor), and the page one may not open. */
const en = {
  messages: {
    permission_texts: {
      name: 'Permission',
      description: 'What it allows',
      actions: {
        view: '%{group}: view',
        add: '%{group}: add',
        edit: '%{group}: edit',
        delete: '%{group}: delete',
      },
      describe: {
        view: 'Opens the "%{group}" section and reads its records',
        add: 'Creates new records in "%{group}"',
        edit: 'Changes existing records in "%{group}"',
        delete: 'Deletes records in "%{group}"',
      },
      names: {
        all_buildings_access: 'Every complex',
        view_only_own_sales: 'Sales: only own',
        view_canceled_sales: 'Sales: cancelled ones',
        send_cancellation_notification: 'Sales: overdue and cancellation notices',
        view_only_own_customers: 'Customers: only own',
        can_be_responsible_sale_manager: 'Can be a responsible sales manager',
        view_all_logs: 'Activity log: everyone',
        view_own_logs: 'Activity log: own actions',
      },
      descriptions: {
        all_buildings_access: 'Sees every complex, including ones added later, without being given them one by one',
        view_only_own_sales: 'Sees only the sales they are the responsible manager of',
        view_canceled_sales: 'Opens the list of cancelled sales',
        send_cancellation_notification: 'Opens the overdue sales and records cancellation notices',
        view_only_own_customers: 'Sees only the customers they are responsible for',
        can_be_responsible_sale_manager: 'Can be chosen as the responsible sales manager of a customer or a sale',
        view_all_logs: "Reads everyone's entries in the activity log",
        view_own_logs: 'Reads their own entries in the activity log',
      },
    },
    access_denied: {
      title: 'Access denied',
      text: 'You do not have the permission this page needs. Ask an administrator if you need it.',
      home: 'Back to the main page',
    },
  },
};

const ka = {
  messages: {
    permission_texts: {
      name: 'უფლება',
      description: 'რას იძლევა',
      actions: {
        view: '%{group}: ნახვა',
        add: '%{group}: დამატება',
        edit: '%{group}: რედაქტირება',
        delete: '%{group}: წაშლა',
      },
      describe: {
        view: 'ხსნის განყოფილებას „%{group}“ და კითხულობს მის ჩანაწერებს',
        add: 'ქმნის ახალ ჩანაწერებს განყოფილებაში „%{group}“',
        edit: 'ცვლის არსებულ ჩანაწერებს განყოფილებაში „%{group}“',
        delete: 'შლის ჩანაწერებს განყოფილებაში „%{group}“',
      },
      names: {
        all_buildings_access: 'ყველა კომპლექსი',
        view_only_own_sales: 'გაყიდვები: მხოლოდ საკუთარი',
        view_canceled_sales: 'გაყიდვები: გაუქმებულები',
        send_cancellation_notification: 'გაყიდვები: ვადაგადაცილება და გაუქმების შეტყობინებები',
        view_only_own_customers: 'მომხმარებლები: მხოლოდ საკუთარი',
        can_be_responsible_sale_manager: 'შეიძლება იყოს პასუხისმგებელი გაყიდვების მენეჯერი',
        view_all_logs: 'აქტივობის ჟურნალი: ყველასი',
        view_own_logs: 'აქტივობის ჟურნალი: საკუთარი',
      },
      descriptions: {
        all_buildings_access: 'ხედავს ყველა კომპლექსს, მოგვიანებით დამატებულებსაც, ცალ-ცალკე მინიჭების გარეშე',
        view_only_own_sales: 'ხედავს მხოლოდ იმ გაყიდვებს, რომელთა პასუხისმგებელი მენეჯერიცაა',
        view_canceled_sales: 'ხსნის გაუქმებული გაყიდვების სიას',
        send_cancellation_notification: 'ხსნის ვადაგადაცილებულ გაყიდვებს და აღრიცხავს გაუქმების შეტყობინებებს',
        view_only_own_customers: 'ხედავს მხოლოდ იმ მომხმარებლებს, რომლებზეც პასუხისმგებელია',
        can_be_responsible_sale_manager: 'შეიძლება აირჩეს მომხმარებლის ან გაყიდვის პასუხისმგებელ მენეჯერად',
        view_all_logs: 'კითხულობს ყველას ჩანაწერებს აქტივობის ჟურნალში',
        view_own_logs: 'კითხულობს საკუთარ ჩანაწერებს აქტივობის ჟურნალში',
      },
    },
    access_denied: {
      title: 'წვდომა აკრძალულია',
      text: 'ამ გვერდისთვის საჭირო უფლება არ გაქვთ. თუ გჭირდებათ, მიმართეთ ადმინისტრატორს.',
      home: 'მთავარ გვერდზე დაბრუნება',
    },
  },
} satisfies Widen<typeof en>;

const ru = {
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

export const permissionsTexts = { en, ka, ru };
