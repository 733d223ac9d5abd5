import type { Widen } from '../en';

/** The sales screens' texts (sales list, sale page, trashed sales), in the three languages. */
const en = {
  resources: {},
  messages: {
    sales: {},
  },
} as const;

const ka = {
  resources: {},
  messages: {
    sales: {},
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {},
  messages: {
    sales: {},
  },
} satisfies Widen<typeof en>;

export const salesTexts = { en, ka, ru };
