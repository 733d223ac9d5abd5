import { z } from 'zod';
import {
  blankIsNull,
  optionalIban,
  optionalPersonalNumber,
  optionalPhone,
  optionalText,
  optionalWebsite,
} from '../../core/fields';
import { formBoolean, optionalEmail, percentage, requiredName, V } from '../../../domain/validation';

/** An agent: name required; personal number of 11 digits when given; email, fee percent and IBAN checked when given. */
export const agentFields = {
  name: requiredName(255),
  personal_number: optionalPersonalNumber(),
  phone: optionalPhone(),
  email: z.union([optionalEmail(), z.null()]),
  website: optionalWebsite(),
  fee_percent: percentage(),
  iban: optionalIban(),
  note: optionalText(2000),
};

export const createAgentBody = z.object({ ...agentFields, active: formBoolean().optional() });
export const updateAgentBody = z.object({
  ...agentFields,
  name: agentFields.name.optional(),
  active: formBoolean().optional(),
});
export type AgentInput = z.infer<typeof createAgentBody>;

/** The same rules for a row of an Excel import (every cell arrives as text). */
export const agentImportRow = z.object({
  ...agentFields,
  active: z.preprocess(
    (v) =>
      v === '' || v === undefined
        ? undefined
        : ['1', 'true', 'yes', 'კი', 'да'].includes(String(v).toLowerCase())
          ? true
          : ['0', 'false', 'no', 'არა', 'нет'].includes(String(v).toLowerCase())
            ? false
            : v,
    z.boolean({ error: V.invalidType }).optional(),
  ),
});

/** The columns of the agents import and its template. */
export const AGENT_COLUMNS = [
  { field: 'name', label: 'resources.agents.fields.name', aliases: ['სახელი, გვარი', 'full name', 'фио'] },
  {
    field: 'personal_number',
    label: 'resources.agents.fields.personal_number',
    aliases: ['პ/ნ', 'personal no', 'pid'],
  },
  { field: 'phone', label: 'resources.agents.fields.phone', aliases: ['mobile', 'მობილური'] },
  { field: 'email', label: 'resources.agents.fields.email', aliases: ['e-mail', 'ელ-ფოსტა', 'email'] },
  { field: 'website', label: 'resources.agents.fields.website', aliases: ['site', 'საიტი', 'сайт'] },
  { field: 'fee_percent', label: 'resources.agents.fields.fee_percent', aliases: ['fee', 'საკომისიო', 'комиссия'] },
  { field: 'iban', label: 'resources.agents.fields.iban', aliases: ['ანგარიში', 'account'] },
  { field: 'note', label: 'resources.agents.fields.note', aliases: ['comment', 'კომენტარი', 'комментарий'] },
];

/** Empty text and empty numbers are stored as null. */
export const agentValues = (input: Partial<AgentInput>) => {
  const nullable = (v: string | null | undefined) => (v === undefined ? undefined : (blankIsNull(v) as string | null));
  const fee = input.fee_percent;
  return {
    name: input.name,
    personalNumber: nullable(input.personal_number),
    phone: nullable(input.phone),
    email: nullable(input.email),
    website: nullable(input.website),
    feePercent: fee === undefined ? undefined : blankIsNull(fee) === null ? null : String(fee),
    iban: nullable(input.iban),
    note: nullable(input.note),
    active: input.active,
  };
};
