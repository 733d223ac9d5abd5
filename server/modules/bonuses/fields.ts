import { z } from 'zod';
import { BONUS_BASES, BONUS_KINDS, MAX_ACHIEVEMENT_PERCENT } from '../../../domain/bonuses';
import { CURRENCIES } from '../../../domain/money';
import { requiredText, V } from '../../../domain/validation';
import {
  blankIsMissing,
  blankIsNull,
  oneOf,
  optionalId,
  optionalMoney,
  positiveMoney,
  requiredDate,
  queryId,
  requiredId,
} from '../../core/fields';

/** 'YYYY-MM'. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const month = () =>
  z.preprocess(blankIsMissing, z.string({ error: V.required }).regex(MONTH, { error: V.wrongFormat }));
const optionalMonth = () =>
  z.preprocess(blankIsNull, z.string().regex(MONTH, { error: V.wrongFormat }).nullable()).optional();

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** An achievement percent of a tier: 0 up to MAX_ACHIEVEMENT_PERCENT, two decimals. */
const achievement = () =>
  z.coerce
    .number({ error: V.invalidType })
    .min(0, { error: V.percentage })
    .max(MAX_ACHIEVEMENT_PERCENT, { error: V.percentage })
    .refine(twoDecimals, { error: 'units.two_decimals' });

/** A percent: 0 to 100, the upper bound excluded. */
const percent = () =>
  z.coerce
    .number({ error: V.percentage })
    .min(0, { error: V.percentage })
    .lt(100, { error: V.percentage })
    .refine(twoDecimals, { error: 'units.two_decimals' });

/** POST /bonuses: create, or change the schema `id` names (the bonus dialog). */
export const schemaBody = z
  .object({
    id: optionalId(),
    name: requiredText(255),
    kind: oneOf(BONUS_KINDS).default('individual'),
    base: oneOf(BONUS_BASES).default('signed'),
    currency: oneOf(CURRENCIES).default('GEL'),
    period_from: month(),
    period_to: optionalMonth(),
  })
  .superRefine((b, ctx) => {
    if (b.period_to && b.period_to < b.period_from)
      ctx.addIssue({ code: 'custom', path: ['period_to'], message: 'bonuses.period_order' });
  });

/** POST /bonuses/{bonus_id}/items: a tier [percent_from, percent_to) with a bonus percent or a fixed amount. */
export const tierBody = z
  .object({
    percent_from: z.preprocess(blankIsMissing, achievement()),
    percent_to: z.preprocess(blankIsNull, achievement().nullable()).optional(),
    bonus_percent: z.preprocess(blankIsNull, percent().nullable()).optional(),
    fixed_amount: optionalMoney(),
  })
  .superRefine((b, ctx) => {
    if (b.percent_to != null && b.percent_to <= b.percent_from)
      ctx.addIssue({ code: 'custom', path: ['percent_to'], message: 'bonuses.tier_range' });
    if ((b.bonus_percent == null) === (b.fixed_amount == null))
      ctx.addIssue({ code: 'custom', path: ['bonus_percent'], message: 'bonuses.tier_amount' });
  });

/** POST /sale-targets: a manager's (or, without user_id, the group's) target of a month. */
export const targetBody = z.object({
  user_id: optionalId(),
  month: month(),
  amount: positiveMoney(),
  currency: oneOf(CURRENCIES).default('GEL'),
});

export const targetsQuery = z.object({
  month: z.preprocess(blankIsMissing, z.string().regex(MONTH, { error: V.wrongFormat }).optional()),
  user_id: z.preprocess(blankIsMissing, queryId().optional()),
});

export const calculateBody = z.object({ bonus_id: requiredId(), user_id: requiredId(), month: month() });
export const byMonthBody = z.object({ month: month() });
export const agentsBody = z
  .object({ date_from: requiredDate(), date_to: requiredDate() })
  .transform((b) => (b.date_from <= b.date_to ? b : { date_from: b.date_to, date_to: b.date_from }));
export const markPaidBody = z.object({
  sale_ids: z.array(z.coerce.number().int().positive(), { error: V.required }).min(1, { error: V.required }).max(1000),
});
