/** How permissions are named and described (/role-permission, the role editor), and the page one may not open. */
export const permissionsTexts = {
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
