import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_PATTERN, PERSONAL_NUMBER_PATTERN, V, requiredText } from '../../../domain/validation';
import { isValidPhoneNumber } from '../../../domain/phone';

export const MAX_FLOORS = 200;

const optional = (rule: RegExp, message: string) =>
  z.union([z.literal(''), z.null(), z.undefined(), z.string().trim().regex(rule, { error: message })]).optional();

const floors = z.coerce
  .number({ error: 'sites.floors_range' })
  .int({ error: 'sites.floors_range' })
  .min(1, { error: 'sites.floors_range' })
  .max(MAX_FLOORS, { error: 'sites.floors_range' });

/** The rules the server applies (the field and block rules), so the form answers before the round trip. */
export const buildingFormSchema = z
  .object({
    name: requiredText(255),
    director_pid: optional(PERSONAL_NUMBER_PATTERN, V.personalNumber),
    email: optional(EMAIL_PATTERN, V.invalidEmail),
    phone: z
      .union([
        z.literal(''),
        z.null(),
        z.undefined(),
        z.string().trim().refine(isValidPhoneNumber, { error: V.wrongFormat }),
      ])
      .optional(),
    blocks: z
      .array(z.object({ name: requiredText(60), floors }).passthrough())
      .optional()
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list?.forEach((block, index) => {
          const key = block.name.trim().toLocaleLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'sites.block_name_taken' });
          seen.add(key);
        });
      }),
  })
  .passthrough();

export const buildingResolver = zodResolver(buildingFormSchema) as unknown as Resolver<FieldValues>;
