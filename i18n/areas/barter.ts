import type { Widen } from '../en';

/** The barter area's texts: react-admin resource labels and the area's own namespaces, in the three languages. */
const en = {
  resources: {
    barter: {
      name: 'Barter |||| Barters',
      fields: {
        id: 'ID',
        counterparty: 'Counterparty',
        customer_id: 'Customer',
        customer_name: 'Customer',
        description: 'Description',
        value: 'Value',
        currency: 'Currency',
        agreed_on: 'Agreed on',
        status: 'Status',
        units: 'Units',
        property_ids: 'Units',
        building_id: 'Complex',
        q: 'Counterparty',
        created_at: 'Added',
      },
    },
    'advance-payments': {
      name: 'Advance payment |||| Advance payments',
      fields: {
        id: 'ID',
        customer_id: 'Customer',
        customer_name: 'Customer',
        property_id: 'Unit',
        property_label: 'Unit',
        amount: 'Amount',
        currency: 'Currency',
        paid_on: 'Paid on',
        note: 'Note',
        date_from: 'Paid from',
        date_to: 'Paid to',
        created_at: 'Added',
      },
    },
  },
  messages: {
    barter: {
      no_units: 'Choose at least one unit',
      unknown_customer: 'There is no such customer',
      unknown_unit: 'There is no such unit',
      pick_complex: 'Complex of the units',
      units_title: 'Units given',
      no_units_yet: 'No units',
    },
    advance_payments: {
      unknown_customer: 'There is no such customer',
      unknown_unit: 'There is no such unit',
    },
  },
} as const;

const ka = {
  resources: {
    barter: {
      name: 'ბარტერი |||| ბარტერები',
      fields: {
        id: 'ID',
        counterparty: 'კონტრაგენტი',
        customer_id: 'კლიენტი',
        customer_name: 'კლიენტი',
        description: 'აღწერა',
        value: 'ღირებულება',
        currency: 'ვალუტა',
        agreed_on: 'შეთანხმების თარიღი',
        status: 'სტატუსი',
        units: 'ობიექტები',
        property_ids: 'ობიექტები',
        building_id: 'კომპლექსი',
        q: 'კონტრაგენტი',
        created_at: 'დამატებულია',
      },
    },
    'advance-payments': {
      name: 'წინასწარი გადახდა |||| წინასწარი გადახდები',
      fields: {
        id: 'ID',
        customer_id: 'კლიენტი',
        customer_name: 'კლიენტი',
        property_id: 'ობიექტი',
        property_label: 'ობიექტი',
        amount: 'თანხა',
        currency: 'ვალუტა',
        paid_on: 'გადახდის თარიღი',
        note: 'შენიშვნა',
        date_from: 'გადახდილია -დან',
        date_to: 'გადახდილია -მდე',
        created_at: 'დამატებულია',
      },
    },
  },
  messages: {
    barter: {
      no_units: 'აირჩიეთ ერთი ობიექტი მაინც',
      unknown_customer: 'ასეთი კლიენტი არ არსებობს',
      unknown_unit: 'ასეთი ობიექტი არ არსებობს',
      pick_complex: 'ობიექტების კომპლექსი',
      units_title: 'გაცემული ობიექტები',
      no_units_yet: 'ობიექტები არ არის',
    },
    advance_payments: {
      unknown_customer: 'ასეთი კლიენტი არ არსებობს',
      unknown_unit: 'ასეთი ობიექტი არ არსებობს',
    },
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {
    barter: {
      name: 'Бартер |||| Бартеры',
      fields: {
        id: 'ID',
        counterparty: 'Контрагент',
        customer_id: 'Клиент',
        customer_name: 'Клиент',
        description: 'Описание',
        value: 'Стоимость',
        currency: 'Валюта',
        agreed_on: 'Дата соглашения',
        status: 'Статус',
        units: 'Объекты',
        property_ids: 'Объекты',
        building_id: 'Комплекс',
        q: 'Контрагент',
        created_at: 'Добавлено',
      },
    },
    'advance-payments': {
      name: 'Авансовый платёж |||| Авансовые платежи',
      fields: {
        id: 'ID',
        customer_id: 'Клиент',
        customer_name: 'Клиент',
        property_id: 'Объект',
        property_label: 'Объект',
        amount: 'Сумма',
        currency: 'Валюта',
        paid_on: 'Дата оплаты',
        note: 'Примечание',
        date_from: 'Оплачено с',
        date_to: 'Оплачено по',
        created_at: 'Добавлено',
      },
    },
  },
  messages: {
    barter: {
      no_units: 'Выберите хотя бы один объект',
      unknown_customer: 'Такого клиента нет',
      unknown_unit: 'Такого объекта нет',
      pick_complex: 'Комплекс объектов',
      units_title: 'Переданные объекты',
      no_units_yet: 'Объектов нет',
    },
    advance_payments: {
      unknown_customer: 'Такого клиента нет',
      unknown_unit: 'Такого объекта нет',
    },
  },
} satisfies Widen<typeof en>;

export const barterTexts = { en, ka, ru };
