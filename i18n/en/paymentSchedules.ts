/** The payment-schedules page (every installment across sales) and the sales import's texts, in English. */
export const paymentSchedulesTexts = {
  resources: {
    'payment-schedules': {
      name: 'Installment |||| Payment schedules',
      fields: {
        id: 'ID',
        contract_no: 'Contract №',
        number: 'Installment',
        due_date: 'Due date',
        amount: 'Amount',
        paid: 'Paid',
        remaining: 'Remaining',
        currency: 'Currency',
        status: 'Status',
        days_late: 'Days late',
        building_name: 'Complex',
        customer_name: 'Customer',
        user_name: 'Manager',
        due: 'Due',
        due_from: 'From',
        due_to: 'To',
        statuses: 'Status',
        building_ids: 'Complex',
        currencies: 'Currency',
        customer_id: 'Customer',
        user_id: 'Manager',
        query: 'Search',
      },
    },
  },
  messages: {
    payment_schedules: {
      status: { paid: 'Paid', partial: 'Partly paid', unpaid: 'Due', late: 'Late' },
      totals: 'Installments: %{count}',
      late: 'Late',
    },
    sales_import: {
      button: 'Import',
      title: 'Import sales from Excel',
      imported: '%{count} sales imported',
    },
  },
};
