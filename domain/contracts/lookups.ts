import { z } from 'zod';
import { CURRENCIES } from '../money';

/**
 * One choice of a vocabulary (a unit's status, a contract's type, ...): its code and its name in the user's language.
 */
export const choiceSchema = z.object({ id: z.string(), name: z.string() });
export type Choice = z.infer<typeof choiceSchema>;

/** GET /getEnums: every vocabulary of the inventory at once, and the currencies. */
export const enumsSchema = z.object({
  property_statuses: z.array(choiceSchema),
  property_states: z.array(choiceSchema),
  property_types: z.array(choiceSchema),
  property_views: z.array(choiceSchema),
  contract_types: z.array(choiceSchema),
  currencies: z.array(z.object({ id: z.enum(CURRENCIES), name: z.string() })),
});
export type Enums = z.infer<typeof enumsSchema>;
