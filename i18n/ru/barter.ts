import type { Widen } from '../en';
import type { barterTexts as en } from '../en/barter';

export const barterTexts = {
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
