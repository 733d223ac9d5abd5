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
    payment_rules: {},
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
    payment_rules: {},
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
    payment_rules: {},
  },
} satisfies Widen<typeof en>;

export const paymentRulesTexts = { en, ka, ru };
