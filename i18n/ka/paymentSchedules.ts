import type { Widen } from '../en';
import type { paymentSchedulesTexts as en } from '../en/paymentSchedules';

export const paymentSchedulesTexts = {
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
        due_from: 'დან',
        due_to: 'მდე',
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
