import type { Widen } from '../en';
import type { paymentRulesTexts as en } from '../en/paymentRules';

export const paymentRulesTexts = {
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
