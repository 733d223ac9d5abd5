import type { Widen } from '../en';
import type { saleRulesTexts as en } from '../en/saleRules';

export const saleRulesTexts = {
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
        contract_type: 'Тип договора',
        payment_type: 'Тип оплаты',
        contract_language: 'Язык договора',
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
