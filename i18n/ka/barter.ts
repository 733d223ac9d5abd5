import type { Widen } from '../en';
import type { barterTexts as en } from '../en/barter';

export const barterTexts = {
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
