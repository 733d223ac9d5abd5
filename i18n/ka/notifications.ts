import type { Widen } from '../en';
import type { notificationsTexts as en } from '../en/notifications';

export const notificationsTexts = {
  resources: {
    notifications: {
      name: 'შეტყობინება |||| შეტყობინებები',
      fields: {
        id: 'ID',
        kind: 'ტიპი',
        text: 'შეტყობინება',
        link: 'ბმული',
        read: 'წაკითხული',
        unread: 'მხოლოდ წაუკითხავი',
        created_at: 'თარიღი',
      },
    },
    'manager-notifications': {
      name: 'თანამშრომლის შეტყობინება |||| თანამშრომლების შეტყობინებები',
      fields: {
        id: 'ID',
        kind: 'ტიპი',
        text: 'შეტყობინება',
        link: 'ბმული',
        read: 'წაკითხული',
        unread: 'მხოლოდ წაუკითხავი',
        created_at: 'თარიღი',
        user_id: 'თანამშრომელი',
        user_name: 'თანამშრომელი',
      },
    },
  },
  messages: {
    notifications: {
      title: 'შეტყობინებები',
      manager_title: 'თანამშრომლების შეტყობინებები',
      bell: 'შეტყობინებები',
      unread_count: 'წაუკითხავი: %{count}',
      mark_all_read: 'ყველას წაკითხულად მონიშვნა',
      mark_read: 'წაკითხულად მონიშვნა',
      none: 'შეტყობინებები არ არის',
      none_unread: 'წაუკითხავი შეტყობინებები არ არის',
      see_all: 'ყველას ნახვა',
      mine: 'ჩემი შეტყობინებები',
      all_marked_read: 'ყველა შეტყობინება მონიშნულია წაკითხულად',
      kinds: {
        payment_recorded: 'ხელშეკრულებაზე %{contract_no} დარეგისტრირდა გადახდა: %{amount}',
        payments_imported:
          'საბანკო ამონაწერიდან ხელშეკრულებაზე %{contract_no} აიტვირთა %{count} გადახდა, სულ %{amount}',
        sale_overdue: 'ხელშეკრულება %{contract_no} ვადაგადაცილებულია: შენატანი დროულად არ არის გადახდილი',
        reservation_expiring: 'კლიენტის %{customer} რეზერვაციის ვადა იწურება %{until}',
        message_failed: 'შეტყობინება კლიენტს %{customer} ხელშეკრულებაზე %{contract_no} ვერ გაიგზავნა არხით: %{channel}',
        sms_no_balance: 'SMS ანგარიშზე (%{provider}) ბალანსი ამოწურულია: შეტყობინებები არ იგზავნება',
        task_assigned: 'თქვენ დაგევალათ ამოცანა: %{title}',
        task_assigned_elsewhere:
          'თქვენ დაგევალათ ამოცანა კომპლექსზე, რომელზეც წვდომა არ გაქვთ. ავტორი: %{author} — დეტალები მას ჰკითხეთ',
        unknown: 'შეტყობინება',
      },
    },
  },
} satisfies Widen<typeof en>;
