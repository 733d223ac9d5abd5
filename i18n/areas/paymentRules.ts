import type { Widen } from '../en';

/** The payments API's messages (schedules, payments, currency rates, overdue sales, invoices), in the three languages. */
const en = {
  resources: {},
  messages: {
    schedule: {
      payments_count_range: 'The number of payments must be between 1 and 600',
      period_range: 'The period must be between 1 and 120 months',
      formula_format: 'Write the formula as amount:count pairs separated by commas, e.g. 1200:4,1700:3',
      formula_exceeds_count: 'The formula has more payments than the schedule',
      formula_exceeds_price: 'The formula adds up to more than the price',
      formula_short_of_price: 'The formula covers every payment but not the whole price',
      formula_leaves_nothing: 'The formula covers the whole price but leaves payments with nothing to pay',
      too_many_payments: 'The rest of the price is too small to spread over so many payments',
    },
    payment_rules: {
      exceeds_balance: 'The payment is more than what is left to pay (%{remaining})',
      no_rate: 'There is no %{currency} rate for %{date} or any day before it: enter or fetch the rate first',
      rate_range: 'A rate is between 0.01 and 1,000 lari for one unit of the currency',
      sale_canceled: 'The sale is cancelled: its payments and schedule can no longer change',
      payment_voided: 'This payment was voided when the sale changed and can no longer be edited',
      price_below_paid: 'The price cannot be less than what has already been paid (%{paid})',
      not_overdue: 'The sale is not overdue',
      nothing_to_invoice: 'Nothing is left to pay, so there is nothing to invoice',
      installment_not_of_sale: 'This installment is not part of the sale',
      import_no_sale: 'No sale matches this contract number or personal number',
      import_several_sales: 'The customer has several sales: give the contract number',
      nbg_unreachable:
        'The National Bank of Georgia rate service could not be reached. Try again later or enter the rate by hand.',
      date_order: 'The end date is before the start date',
      range_too_long: 'Fetch at most %{max} days at a time',
      columns: {
        paid_on: 'Payment date',
        amount: 'Amount',
        currency: 'Currency',
        note: 'Note',
        contract_no: 'Contract number',
        personal_number: 'Personal number',
        transaction_id: 'Transaction ID',
        date: 'Date',
        rate: 'Rate',
      },
    },
  },
} as const;

const ka = {
  resources: {},
  messages: {
    schedule: {
      payments_count_range: 'გადახდების რაოდენობა უნდა იყოს 1-დან 600-მდე',
      period_range: 'პერიოდი უნდა იყოს 1-დან 120 თვემდე',
      formula_format: 'ფორმულა ჩაწერეთ თანხა:რაოდენობა წყვილებით, მძიმით გამოყოფილი, მაგ. 1200:4,1700:3',
      formula_exceeds_count: 'ფორმულაში გადახდები გრაფიკზე მეტია',
      formula_exceeds_price: 'ფორმულის ჯამი ფასს აღემატება',
      formula_short_of_price: 'ფორმულა ყველა გადახდას ფარავს, მაგრამ არა მთელ ფასს',
      formula_leaves_nothing: 'ფორმულა მთელ ფასს ფარავს და დარჩენილ გადახდებს გადასახდელი აღარ რჩება',
      too_many_payments: 'ფასის დარჩენილი ნაწილი ძალიან მცირეა ამდენ გადახდაზე გასანაწილებლად',
    },
    payment_rules: {
      exceeds_balance: 'გადახდა აღემატება გადასახდელ ნაშთს (%{remaining})',
      no_rate: '%{currency}-ის კურსი %{date}-ისთვის ან მანამდე არ მოიძებნა: ჯერ შეიყვანეთ ან ჩამოტვირთეთ კურსი',
      rate_range: 'კურსი უნდა იყოს 0.01-დან 1 000 ლარამდე ვალუტის ერთეულზე',
      sale_canceled: 'გაყიდვა გაუქმებულია: მისი გადახდები და გრაფიკი ვეღარ შეიცვლება',
      payment_voided: 'ეს გადახდა გაუქმდა გაყიდვის შეცვლისას და მისი რედაქტირება შეუძლებელია',
      price_below_paid: 'ფასი ვერ იქნება უკვე გადახდილ თანხაზე ნაკლები (%{paid})',
      not_overdue: 'გაყიდვა ვადაგადაცილებული არ არის',
      nothing_to_invoice: 'გადასახდელი აღარაფერი რჩება, ამიტომ ინვოისი ვერ გამოიწერება',
      installment_not_of_sale: 'ეს შენატანი ამ გაყიდვის გრაფიკს არ ეკუთვნის',
      import_no_sale: 'ამ ხელშეკრულების ნომრით ან პირადი ნომრით გაყიდვა ვერ მოიძებნა',
      import_several_sales: 'მყიდველს რამდენიმე გაყიდვა აქვს: მიუთითეთ ხელშეკრულების ნომერი',
      nbg_unreachable:
        'საქართველოს ეროვნული ბანკის კურსების სერვისთან დაკავშირება ვერ მოხერხდა. სცადეთ მოგვიანებით ან შეიყვანეთ კურსი ხელით.',
      date_order: 'დასრულების თარიღი დაწყების თარიღზე ადრეა',
      range_too_long: 'ერთჯერადად ჩამოტვირთეთ არაუმეტეს %{max} დღისა',
      columns: {
        paid_on: 'გადახდის თარიღი',
        amount: 'თანხა',
        currency: 'ვალუტა',
        note: 'შენიშვნა',
        contract_no: 'ხელშეკრულების ნომერი',
        personal_number: 'პირადი ნომერი',
        transaction_id: 'ტრანზაქციის ნომერი',
        date: 'თარიღი',
        rate: 'კურსი',
      },
    },
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {},
  messages: {
    schedule: {
      payments_count_range: 'Число платежей должно быть от 1 до 600',
      period_range: 'Период должен быть от 1 до 120 месяцев',
      formula_format: 'Запишите формулу парами сумма:количество через запятую, например 1200:4,1700:3',
      formula_exceeds_count: 'В формуле больше платежей, чем в графике',
      formula_exceeds_price: 'Сумма по формуле превышает цену',
      formula_short_of_price: 'Формула покрывает все платежи, но не всю цену',
      formula_leaves_nothing: 'Формула покрывает всю цену, и оставшимся платежам нечего платить',
      too_many_payments: 'Остаток цены слишком мал, чтобы разделить его на столько платежей',
    },
    payment_rules: {
      exceeds_balance: 'Платёж больше оставшейся к оплате суммы (%{remaining})',
      no_rate: 'Нет курса %{currency} на %{date} или более раннюю дату: сначала введите или загрузите курс',
      rate_range: 'Курс должен быть от 0,01 до 1 000 лари за единицу валюты',
      sale_canceled: 'Продажа отменена: её платежи и график больше не меняются',
      payment_voided: 'Этот платёж аннулирован при изменении продажи и не может быть изменён',
      price_below_paid: 'Цена не может быть меньше уже оплаченной суммы (%{paid})',
      not_overdue: 'Продажа не просрочена',
      nothing_to_invoice: 'К оплате ничего не осталось, выставлять счёт не на что',
      installment_not_of_sale: 'Этот взнос не относится к данной продаже',
      import_no_sale: 'Продажа с таким номером договора или личным номером не найдена',
      import_several_sales: 'У покупателя несколько продаж: укажите номер договора',
      nbg_unreachable:
        'Не удалось связаться со службой курсов Национального банка Грузии. Повторите позже или введите курс вручную.',
      date_order: 'Дата окончания раньше даты начала',
      range_too_long: 'За один раз можно загрузить не более %{max} дней',
      columns: {
        paid_on: 'Дата платежа',
        amount: 'Сумма',
        currency: 'Валюта',
        note: 'Примечание',
        contract_no: 'Номер договора',
        personal_number: 'Личный номер',
        transaction_id: 'Номер транзакции',
        date: 'Дата',
        rate: 'Курс',
      },
    },
  },
} satisfies Widen<typeof en>;

export const paymentRulesTexts = { en, ka, ru };
