import type { Widen } from '../en';

/** The payment-schedules page (every installment across sales) and the sales import's texts, in the three languages. */
const en = {
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

const ka = {
  resources: {
    'payment-schedules': {
      name: 'შენატანი |||| გადახდის გრაფიკები',
      fields: {
        id: 'ID',
        contract_no: 'ხელშეკრულება №',
        number: 'შენატანი',
        due_date: 'გადახდის თარიღი',
        amount: 'თანხა',
        paid: 'გადახდილი',
        remaining: 'დარჩენილი',
        currency: 'ვალუტა',
        status: 'სტატუსი',
        days_late: 'დაგვიანების დღეები',
        building_name: 'კომპლექსი',
        customer_name: 'მყიდველი',
        user_name: 'მენეჯერი',
        due: 'გადახდის პერიოდი',
        statuses: 'სტატუსი',
        building_ids: 'კომპლექსი',
        currencies: 'ვალუტა',
        customer_id: 'მყიდველი',
        user_id: 'მენეჯერი',
        query: 'ძიება',
      },
    },
  },
  messages: {
    payment_schedules: {
      status: { paid: 'გადახდილი', partial: 'ნაწილობრივ გადახდილი', unpaid: 'გადასახდელი', late: 'ვადაგადაცილებული' },
      totals: 'შენატანები: %{count}',
      late: 'ვადაგადაცილებული',
    },
    sales_import: {
      button: 'იმპორტი',
      title: 'გაყიდვების იმპორტი Excel-იდან',
      imported: 'იმპორტირებულია %{count} გაყიდვა',
    },
  },
} satisfies Widen<typeof en>;

const ru = {
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

export const paymentSchedulesTexts = { en, ka, ru };
