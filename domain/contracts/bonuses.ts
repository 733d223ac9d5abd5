import { z } from 'zod';
import { AGENT_FEE_RULES, BONUS_BASES, BONUS_KINDS } from '../bonuses';
import { AGENT_FEE_STATUSES } from '../sales';

/** Money in answers is in major units (1234.5 = 1,234.50), as everywhere in the API. */
const money = z.number();

/** One tier of a schema (POST /bonuses/{bonus_id}/items): [percent_from, percent_to); percent_to null is open above. */
export const bonusTierSchema = z.object({
  id: z.number(),
  bonus_id: z.number(),
  percent_from: z.number(),
  percent_to: z.number().nullable(),
  bonus_percent: z.number().nullable(),
  fixed_amount: money.nullable(),
});
export type BonusTierRow = z.infer<typeof bonusTierSchema>;

/** A bonus schema of GET/POST /bonuses, with its tiers in order. Months are 'YYYY-MM'. */
export const bonusSchemaSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(BONUS_KINDS),
  base: z.enum(BONUS_BASES),
  currency: z.string(),
  period_from: z.string(),
  period_to: z.string().nullable(),
  items: z.array(bonusTierSchema),
  created_at: z.string(),
});
export type BonusSchema = z.infer<typeof bonusSchemaSchema>;

/** A month's target of a manager (user_id) or of the group (user_id null), GET/POST /sale-targets. */
export const saleTargetSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  month: z.string(),
  amount: money,
  currency: z.string(),
});
export type SaleTarget = z.infer<typeof saleTargetSchema>;

/** A sale behind a figure: its value as signed and in the schema's currency at its contract-date rate. */
export const bonusSaleSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  contract_no: z.string(),
  contract_start_date: z.string(),
  price: money,
  currency: z.string(),
  converted: money.nullable(),
});

/** A payment behind a figure: as received and in the schema's currency at its stored rate. */
export const bonusPaymentSchema = z.object({
  id: z.number(),
  sale_id: z.number(),
  user_id: z.number().nullable(),
  contract_no: z.string(),
  paid_on: z.string(),
  amount: money,
  currency: z.string(),
  converted: money.nullable(),
});

/** One manager's figures in a schema and month. Amounts are in the schema's currency. */
export const managerBonusSchema = z.object({
  user_id: z.number(),
  user_name: z.string().nullable(),
  /** The manager's own target (converted); null without one, and in a group schema (the group's plan is shared). */
  target: money.nullable(),
  achieved: money,
  /**
   * In a group schema, the manager's share of what the group achieved, in percent with two decimals (the members' add
   * up to 100); null in an individual schema.
   */
  share_percent: z.number().nullable(),
  /** Achievement that chose the tier, two decimals rounded down; null for a member of a group schema (the group's). */
  achievement_percent: z.number().nullable(),
  tier: bonusTierSchema.nullable(),
  next_tier: bonusTierSchema.nullable(),
  /** The bonus: in a group schema, the member's share of the group's bonus (the members add up to it). */
  bonus: money,
});
export type ManagerBonus = z.infer<typeof managerBonusSchema>;

/** The group's line of a group schema: the shared target and everyone's achievement. */
export const groupBonusSchema = z.object({
  target: money.nullable(),
  achieved: money,
  achievement_percent: z.number().nullable(),
  tier: bonusTierSchema.nullable(),
  next_tier: bonusTierSchema.nullable(),
  bonus: money,
});

/** POST /bonuses/calculateBonus: one manager, one schema, one month, and what made it up. */
export const bonusCalculationSchema = managerBonusSchema.extend({
  bonus_id: z.number(),
  bonus_name: z.string(),
  kind: z.enum(BONUS_KINDS),
  base: z.enum(BONUS_BASES),
  currency: z.string(),
  month: z.string(),
  group: groupBonusSchema.nullable(),
  sales: z.array(bonusSaleSchema),
  payments: z.array(bonusPaymentSchema),
});
export type BonusCalculation = z.infer<typeof bonusCalculationSchema>;

/** One schema's month in POST /bonuses/getBonusByMonth. */
export const schemaMonthSchema = z.object({
  bonus_id: z.number(),
  name: z.string(),
  kind: z.enum(BONUS_KINDS),
  base: z.enum(BONUS_BASES),
  currency: z.string(),
  tiers: z.array(bonusTierSchema),
  group: groupBonusSchema.nullable(),
  rows: z.array(managerBonusSchema),
  totals: z.object({ target: money, achieved: money, bonus: money }),
});
export type SchemaMonth = z.infer<typeof schemaMonthSchema>;

export const bonusMonthSchema = z.object({ month: z.string(), schemas: z.array(schemaMonthSchema) });
export type BonusMonth = z.infer<typeof bonusMonthSchema>;

/** One sale of an agent (POST /bonuses/getAgentsBonus), in the sale's currency. */
export const agentSaleFeeSchema = z.object({
  sale_id: z.number(),
  contract_no: z.string(),
  contract_start_date: z.string(),
  price: money,
  paid_total: money,
  currency: z.string(),
  agent_fee_percent: z.number(),
  fee: money,
  /** What the rule makes due so far (before payouts). */
  earned: money,
  must_paid: money,
  paid: money,
  status: z.enum(AGENT_FEE_STATUSES),
});
export type AgentSaleFee = z.infer<typeof agentSaleFeeSchema>;

export const agentFeesSchema = z.object({
  agent_id: z.number(),
  agent_name: z.string(),
  currency: z.string(),
  fee: money,
  earned: money,
  must_paid: money,
  paid: money,
  sales: z.array(agentSaleFeeSchema),
});
export type AgentFees = z.infer<typeof agentFeesSchema>;

export const agentsBonusSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rule: z.enum(AGENT_FEE_RULES),
  rows: z.array(agentFeesSchema),
  totals: z.array(z.object({ currency: z.string(), fee: money, must_paid: money, paid: money })),
});
export type AgentsBonus = z.infer<typeof agentsBonusSchema>;

/** The settings of the module: which agent-fee rule applies. */
export const bonusSettingsSchema = z.object({ agent_fee_rule: z.enum(AGENT_FEE_RULES) });
export type BonusSettings = z.infer<typeof bonusSettingsSchema>;

/** POST /bonuses/agents/markPaid: the sales whose due fee was paid out, and those with nothing due. */
export const agentPayoutsSchema = z.object({
  paid: z.array(z.object({ sale_id: z.number(), amount: money, currency: z.string() })),
  skipped: z.array(z.number()),
});
export type AgentPayouts = z.infer<typeof agentPayoutsSchema>;

/** A manager's target and achievement in GET /sales/with-targets (signed sales in the target's currency). */
export const targetAchievementSchema = z.object({
  amount: money,
  currency: z.string(),
  achieved: money,
  achievement_percent: z.number().nullable(),
});
export type TargetAchievement = z.infer<typeof targetAchievementSchema>;
