import type { Widen } from '../en';

/** The payment, overdue, invoice and currency screens' texts, in the three languages. */
const en = {
  resources: {},
  messages: {
    payments: {},
  },
} as const;

const ka = {
  resources: {},
  messages: {
    payments: {},
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {},
  messages: {
    payments: {},
  },
} satisfies Widen<typeof en>;

export const paymentsTexts = { en, ka, ru };
