import type { Widen } from '../en';
import type { permissionsTexts as en } from '../en/permissions';

export const permissionsTexts = {
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
