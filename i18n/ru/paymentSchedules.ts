import type { Widen } from '../en';
import type { paymentSchedulesTexts as en } from '../en/paymentSchedules';

export const paymentSchedulesTexts = {
  resources: {
    'payment-schedules': {
      name: 'Платёж |||| Графики платежей',
      fields: {
        id: 'ID',
        contract_no: 'Договор №',
        number: 'Платёж',
        due_date: 'Срок оплаты',
        amount: 'Сумма',
        paid: 'Оплачено',
        remaining: 'Остаток',
        currency: 'Валюта',
        status: 'Статус',
        days_late: 'Дней просрочки',
        building_name: 'Комплекс',
        customer_name: 'Покупатель',
        user_name: 'Менеджер',
        due: 'Срок оплаты',
        due_from: 'С',
        due_to: 'По',
        statuses: 'Статус',
        building_ids: 'Комплекс',
        currencies: 'Валюта',
        customer_id: 'Покупатель',
        user_id: 'Менеджер',
        query: 'Поиск',
      },
    },
  },
  messages: {
    payment_schedules: {
      status: { paid: 'Оплачен', partial: 'Оплачен частично', unpaid: 'К оплате', late: 'Просрочен' },
      totals: 'Платежей: %{count}',
      late: 'Просрочено',
    },
    sales_import: {
      button: 'Импорт',
      title: 'Импорт продаж из Excel',
      imported: 'Импортировано продаж: %{count}',
    },
  },
} satisfies Widen<typeof en>;
