import type { Widen } from '../en';

/** The sales API's messages (validation and refusals), in the three languages. */
const en = {
  resources: {},
  messages: {
    sale_rules: {},
  },
} as const;

const ka = {
  resources: {},
  messages: {
    sale_rules: {},
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {},
  messages: {
    sale_rules: {},
  },
} satisfies Widen<typeof en>;

export const saleRulesTexts = { en, ka, ru };
