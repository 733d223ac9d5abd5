import type { Widen } from '../en';

/** The sales API's messages (validation and refusals), in the three languages. */
const en = {
  resources: {},
  messages: {
    sale_rules: {
      no_units: 'Choose at least one unit',
      unknown_unit: 'There is no such unit',
      one_complex: 'All units of a sale must be in one complex',
      unknown_customer: 'There is no such customer',
      unknown_agent: 'There is no such agent',
      contract_no_taken: 'Contract number %{contract_no} is already used by another sale',
      booking_not_convertible:
        'This reservation cannot become a sale: it must be approved, for the same customer and for one of the units',
      price_below_paid:
        'The customer has already paid %{paid}: the price cannot be lower unless the paid amount is reset',
      agent_fee_not_due: 'The agent fee is not due yet: the customer has not paid the minimum income percent',
      no_agent: 'The sale has no agent',
      canceled: 'The sale was cancelled',
      payment_type: {
        bank_transfer: 'Bank transfer',
        cash: 'Cash',
        card: 'Card',
        bank_loan: 'Bank loan',
      },
      contract_language: {
        ka: 'Georgian',
        en: 'English',
        ru: 'Russian',
      },
      columns: {
        contract_no: 'Contract No.',
        complex: 'Complex',
        block: 'Block',
        unit_no: 'Unit No.',
        personal_number: 'Personal number',
        price: 'Price',
        currency: 'Currency',
        contract_start_date: 'Contract date',
        first_payment_date: 'First payment date',
        period_months: 'Period (months)',
        payments_count: 'Number of payments',
        formula: 'Formula',
        paid_total: 'Already paid',
      },
      import: {
        unknown_complex: 'There is no such complex among yours',
        unknown_block: 'There is no such block in this complex',
        unknown_unit: 'There is no such unit in this complex',
        unit_not_free: 'The unit is not free',
        unit_twice: 'The unit appears in another row of the file',
        unknown_customer: 'No customer has this personal number',
        paid_exceeds_price: 'The amount already paid exceeds the price',
        contract_no_taken: 'This contract number is already used',
        contract_no_twice: 'This contract number appears in another row of the file',
        schedule: 'The payment schedule cannot be built: check the price, period, number of payments and formula',
      },
    },
  },
} as const;

const ka = {
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

const ru = {
  resources: {},
  messages: {
    sale_rules: {
      no_units: 'Выберите хотя бы одно помещение',
      unknown_unit: 'Такого помещения нет',
      one_complex: 'Все помещения продажи должны быть в одном комплексе',
      unknown_customer: 'Такого клиента нет',
      unknown_agent: 'Такого агента нет',
      contract_no_taken: 'Номер договора %{contract_no} уже используется в другой продаже',
      booking_not_convertible:
        'Эта бронь не может стать продажей: она должна быть одобрена, на того же клиента и на одно из помещений',
      price_below_paid: 'Клиент уже заплатил %{paid}: цена не может быть ниже, если не обнулить оплаченную сумму',
      agent_fee_not_due: 'Комиссия агента ещё не подлежит выплате: клиент не оплатил минимальный процент дохода',
      no_agent: 'У продажи нет агента',
      canceled: 'Продажа отменена',
      payment_type: {
        bank_transfer: 'Банковский перевод',
        cash: 'Наличные',
        card: 'Карта',
        bank_loan: 'Банковский кредит',
      },
      contract_language: {
        ka: 'Грузинский',
        en: 'Английский',
        ru: 'Русский',
      },
      columns: {
        contract_no: '№ договора',
        complex: 'Комплекс',
        block: 'Блок',
        unit_no: '№ помещения',
        personal_number: 'Личный номер',
        price: 'Цена',
        currency: 'Валюта',
        contract_start_date: 'Дата договора',
        first_payment_date: 'Дата первого платежа',
        period_months: 'Период (месяцев)',
        payments_count: 'Количество платежей',
        formula: 'Формула',
        paid_total: 'Уже оплачено',
      },
      import: {
        unknown_complex: 'Такого комплекса среди ваших нет',
        unknown_block: 'В этом комплексе нет такого блока',
        unknown_unit: 'В этом комплексе нет такого помещения',
        unit_not_free: 'Помещение не свободно',
        unit_twice: 'Это помещение встречается в другой строке файла',
        unknown_customer: 'Клиента с таким личным номером нет',
        paid_exceeds_price: 'Уже оплаченная сумма превышает цену',
        contract_no_taken: 'Этот номер договора уже используется',
        contract_no_twice: 'Этот номер договора встречается в другой строке файла',
        schedule: 'График платежей не составить: проверьте цену, период, количество платежей и формулу',
      },
    },
  },
} satisfies Widen<typeof en>;

export const saleRulesTexts = { en, ka, ru };
