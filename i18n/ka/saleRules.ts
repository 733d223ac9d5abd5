import type { Widen } from '../en';
import type { saleRulesTexts as en } from '../en/saleRules';

export const saleRulesTexts = {
  resources: {},
  messages: {
    sale_rules: {
      no_units: 'აირჩიეთ ერთი ფართი მაინც',
      unknown_unit: 'ასეთი ფართი არ არსებობს',
      one_complex: 'გაყიდვის ყველა ფართი ერთ კომპლექსში უნდა იყოს',
      unknown_customer: 'ასეთი კლიენტი არ არსებობს',
      unknown_agent: 'ასეთი აგენტი არ არსებობს',
      contract_no_taken: 'ხელშეკრულების ნომერი %{contract_no} უკვე გამოყენებულია სხვა გაყიდვაში',
      booking_not_convertible:
        'ეს რეზერვაცია ვერ გადაიქცევა გაყიდვად: ის უნდა იყოს დადასტურებული, იმავე კლიენტზე და ერთ-ერთ ფართზე',
      price_below_paid:
        'კლიენტს უკვე გადახდილი აქვს %{paid}: ფასი ამაზე ნაკლები ვერ იქნება, თუ გადახდილი თანხა არ განულდება',
      agent_fee_not_due:
        'აგენტის საკომისიოს გადახდის ვადა ჯერ არ დამდგარა: კლიენტს არ გადაუხდია მინიმალური შემოსავლის პროცენტი',
      no_agent: 'გაყიდვას აგენტი არ ჰყავს',
      canceled: 'გაყიდვა გაუქმდა',
      payment_type: {
        bank_transfer: 'საბანკო გადარიცხვა',
        cash: 'ნაღდი ფული',
        card: 'ბარათი',
        bank_loan: 'საბანკო სესხი',
      },
      contract_language: {
        ka: 'ქართული',
        en: 'ინგლისური',
        ru: 'რუსული',
      },
      columns: {
        contract_no: 'ხელშეკრულების №',
        complex: 'კომპლექსი',
        block: 'ბლოკი',
        unit_no: 'ფართის №',
        personal_number: 'პირადი ნომერი',
        price: 'ფასი',
        currency: 'ვალუტა',
        contract_start_date: 'ხელშეკრულების თარიღი',
        first_payment_date: 'პირველი გადახდის თარიღი',
        period_months: 'პერიოდი (თვე)',
        payments_count: 'გადახდების რაოდენობა',
        formula: 'ფორმულა',
        paid_total: 'უკვე გადახდილი',
        contract_type: 'ხელშეკრულების ტიპი',
        payment_type: 'გადახდის ტიპი',
        contract_language: 'ხელშეკრულების ენა',
      },
      import: {
        unknown_complex: 'ასეთი კომპლექსი თქვენს კომპლექსებს შორის არ არის',
        unknown_block: 'ამ კომპლექსში ასეთი ბლოკი არ არის',
        unknown_unit: 'ამ კომპლექსში ასეთი ფართი არ არის',
        unit_not_free: 'ფართი თავისუფალი არ არის',
        unit_twice: 'ეს ფართი ფაილის სხვა სტრიქონშიც გვხვდება',
        unknown_customer: 'ამ პირადი ნომრით კლიენტი არ მოიძებნა',
        paid_exceeds_price: 'უკვე გადახდილი თანხა ფასს აღემატება',
        contract_no_taken: 'ხელშეკრულების ეს ნომერი უკვე გამოყენებულია',
        contract_no_twice: 'ხელშეკრულების ეს ნომერი ფაილის სხვა სტრიქონშიც გვხვდება',
        schedule: 'გადახდის გრაფიკი ვერ შედგა: შეამოწმეთ ფასი, პერიოდი, გადახდების რაოდენობა და ფორმულა',
      },
    },
  },
} satisfies Widen<typeof en>;
