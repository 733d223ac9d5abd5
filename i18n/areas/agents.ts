import type { Widen } from '../en';

/** The agents area's texts: react-admin resource labels and the area's own namespaces, in the three languages. */
const en = {
  resources: {},
  messages: {},
} as const;

const ka = { resources: {}, messages: {} } satisfies Widen<typeof en>;
const ru = { resources: {}, messages: {} } satisfies Widen<typeof en>;

export const agentsTexts = { en, ka, ru };
