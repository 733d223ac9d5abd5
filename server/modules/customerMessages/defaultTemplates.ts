import type { MessageKind } from '../../../domain/customerMessages';
import type { Locale } from '../../../i18n';

export interface TemplateText {
  subject: string;
  body: string;
  sms: string;
}

/** The product's own wording of each message, written into an empty database; administrators edit their copy. */
export const DEFAULT_TEMPLATES: Record<MessageKind, Record<Locale, TemplateText>> = {
  reminder: {
    ka: {
      subject: 'შეხსენება: გადახდის ვადა {due_date}',
      body:
        'პატივცემულო {customer_name},\n\n' +
        'გახსენებთ, რომ ხელშეკრულება {contract_no}-ის ({complex}, {units}) მიხედვით {due_date}-ს გადასახდელია ' +
        '{amount} {currency}.\n\n' +
        'ანგარიში: {bank_account}\n\n' +
        'თუ თანხა უკვე გადაიხადეთ, ეს წერილი უგულებელყავით.',
      sms:
        '{customer_name}, {due_date}-ს გადასახდელია {amount} {currency} (ხელშეკრულება {contract_no}). ' +
        'ანგარიში: {bank_account}',
    },
    en: {
      subject: 'Reminder: payment due on {due_date}',
      body:
        'Dear {customer_name},\n\n' +
        'This is a reminder that {amount} {currency} falls due on {due_date} under contract {contract_no} ' +
        '({complex}, {units}).\n\n' +
        'Account: {bank_account}\n\n' +
        'If you have already paid, please disregard this message.',
      sms:
        '{customer_name}, {amount} {currency} is due on {due_date} (contract {contract_no}). ' +
        'Account: {bank_account}',
    },
    ru: {
      subject: 'Напоминание: срок платежа {due_date}',
      body:
        'Уважаемый(ая) {customer_name},\n\n' +
        'напоминаем, что по договору {contract_no} ({complex}, {units}) {due_date} необходимо оплатить {amount} ' +
        '{currency}.\n\n' +
        'Счёт: {bank_account}\n\n' +
        'Если вы уже оплатили, не обращайте внимания на это письмо.',
      sms: '{customer_name}, {due_date} к оплате {amount} {currency} (договор {contract_no}). Счёт: {bank_account}',
    },
  },
  overdue: {
    ka: {
      subject: 'ვადაგადაცილებული გადახდა: ხელშეკრულება {contract_no}',
      body:
        'პატივცემულო {customer_name},\n\n' +
        'ხელშეკრულება {contract_no}-ის ({complex}, {units}) გადახდა ვადაგადაცილებულია {days_late} დღით. ' +
        'გადასახდელი თანხა: {amount_overdue} {currency}.\n\n' +
        'გთხოვთ, დაფაროთ დავალიანება უახლოეს დღეებში.\n\n' +
        'ანგარიში: {bank_account}',
      sms:
        '{customer_name}, ხელშეკრულება {contract_no}: გადახდა ვადაგადაცილებულია {days_late} დღით, ' +
        'დავალიანება {amount_overdue} {currency}. ანგარიში: {bank_account}',
    },
    en: {
      subject: 'Overdue payment: contract {contract_no}',
      body:
        'Dear {customer_name},\n\n' +
        'A payment under contract {contract_no} ({complex}, {units}) is {days_late} days overdue. ' +
        'Amount overdue: {amount_overdue} {currency}.\n\n' +
        'Please settle it in the coming days.\n\n' +
        'Account: {bank_account}',
      sms:
        '{customer_name}, contract {contract_no}: payment {days_late} days overdue, ' +
        '{amount_overdue} {currency} outstanding. Account: {bank_account}',
    },
    ru: {
      subject: 'Просроченный платёж: договор {contract_no}',
      body:
        'Уважаемый(ая) {customer_name},\n\n' +
        'платёж по договору {contract_no} ({complex}, {units}) просрочен на {days_late} дн. ' +
        'Сумма задолженности: {amount_overdue} {currency}.\n\n' +
        'Просим погасить её в ближайшие дни.\n\n' +
        'Счёт: {bank_account}',
      sms:
        '{customer_name}, договор {contract_no}: платёж просрочен на {days_late} дн., ' +
        'задолженность {amount_overdue} {currency}. Счёт: {bank_account}',
    },
  },
  payment_added: {
    ka: {
      subject: 'გადახდა მიღებულია: ხელშეკრულება {contract_no}',
      body:
        'პატივცემულო {customer_name},\n\n' +
        'მივიღეთ თქვენი გადახდა {payment_amount} ({payment_date}) ხელშეკრულებით {contract_no}. ' +
        'დარჩენილი თანხა: {remaining} {currency}.\n\n' +
        'გმადლობთ!',
      sms:
        '{customer_name}, მიღებულია {payment_amount} ({payment_date}), ხელშეკრულება {contract_no}. ' +
        'დარჩენილია {remaining} {currency}.',
    },
    en: {
      subject: 'Payment received: contract {contract_no}',
      body:
        'Dear {customer_name},\n\n' +
        'We have received your payment of {payment_amount} ({payment_date}) under contract {contract_no}. ' +
        'Remaining: {remaining} {currency}.\n\n' +
        'Thank you!',
      sms:
        '{customer_name}, received {payment_amount} ({payment_date}), contract {contract_no}. ' +
        'Remaining {remaining} {currency}.',
    },
    ru: {
      subject: 'Платёж получен: договор {contract_no}',
      body:
        'Уважаемый(ая) {customer_name},\n\n' +
        'мы получили ваш платёж {payment_amount} ({payment_date}) по договору {contract_no}. ' +
        'Остаток: {remaining} {currency}.\n\n' +
        'Спасибо!',
      sms:
        '{customer_name}, получено {payment_amount} ({payment_date}), договор {contract_no}. ' +
        'Остаток {remaining} {currency}.',
    },
  },
  payment_changed: {
    ka: {
      subject: 'გადახდა შესწორებულია: ხელშეკრულება {contract_no}',
      body:
        'პატივცემულო {customer_name},\n\n' +
        'ხელშეკრულება {contract_no}-ის გადახდა შესწორდა: {payment_amount} ({payment_date}). ' +
        'დარჩენილი თანხა: {remaining} {currency}.',
      sms:
        '{customer_name}, ხელშეკრულება {contract_no}: გადახდა შესწორდა, {payment_amount} ({payment_date}). ' +
        'დარჩენილია {remaining} {currency}.',
    },
    en: {
      subject: 'Payment corrected: contract {contract_no}',
      body:
        'Dear {customer_name},\n\n' +
        'A payment under contract {contract_no} was corrected: {payment_amount} ({payment_date}). ' +
        'Remaining: {remaining} {currency}.',
      sms:
        '{customer_name}, contract {contract_no}: payment corrected to {payment_amount} ({payment_date}). ' +
        'Remaining {remaining} {currency}.',
    },
    ru: {
      subject: 'Платёж исправлен: договор {contract_no}',
      body:
        'Уважаемый(ая) {customer_name},\n\n' +
        'платёж по договору {contract_no} исправлен: {payment_amount} ({payment_date}). ' +
        'Остаток: {remaining} {currency}.',
      sms:
        '{customer_name}, договор {contract_no}: платёж исправлен, {payment_amount} ({payment_date}). ' +
        'Остаток {remaining} {currency}.',
    },
  },
  cancellation: {
    ka: {
      subject: 'ხელშეკრულების შეწყვეტის შეტყობინება: {contract_no}',
      body:
        'პატივცემულო {customer_name},\n\n' +
        'ხელშეკრულება {contract_no}-ის ({complex}, {units}) გადახდა ვადაგადაცილებულია {days_late} დღით, ' +
        'დავალიანება შეადგენს {amount_overdue} {currency}-ს. თუ დავალიანება არ დაიფარება, ' +
        'კომპანია უფლებამოსილია შეწყვიტოს ხელშეკრულება.\n\n' +
        'გთხოვთ, დაგვიკავშირდეთ.',
      sms:
        '{customer_name}, ხელშეკრულება {contract_no}: დავალიანება {amount_overdue} {currency} ({days_late} დღე). ' +
        'დაუფარავი დავალიანება ხელშეკრულების შეწყვეტის საფუძველია. დაგვიკავშირდით.',
    },
    en: {
      subject: 'Notice of contract cancellation: {contract_no}',
      body:
        'Dear {customer_name},\n\n' +
        'Payment under contract {contract_no} ({complex}, {units}) is {days_late} days overdue, ' +
        'with {amount_overdue} {currency} outstanding. Unless the debt is settled, ' +
        'the company may cancel the contract.\n\n' +
        'Please contact us.',
      sms:
        '{customer_name}, contract {contract_no}: {amount_overdue} {currency} overdue ({days_late} days). ' +
        'Unless settled, the contract may be cancelled. Please contact us.',
    },
    ru: {
      subject: 'Уведомление о расторжении договора {contract_no}',
      body:
        'Уважаемый(ая) {customer_name},\n\n' +
        'платёж по договору {contract_no} ({complex}, {units}) просрочен на {days_late} дн., ' +
        'задолженность {amount_overdue} {currency}. Если задолженность не будет погашена, ' +
        'компания вправе расторгнуть договор.\n\n' +
        'Просим связаться с нами.',
      sms:
        '{customer_name}, договор {contract_no}: задолженность {amount_overdue} {currency} ({days_late} дн.). ' +
        'Если она не будет погашена, договор может быть расторгнут. Свяжитесь с нами.',
    },
  },
  free: {
    ka: { subject: 'შეტყობინება', body: '{message}', sms: '{message}' },
    en: { subject: 'Message', body: '{message}', sms: '{message}' },
    ru: { subject: 'Сообщение', body: '{message}', sms: '{message}' },
  },
};
