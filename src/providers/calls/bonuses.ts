import type { Identifier } from 'react-admin';
import type {
  AgentPayouts,
  AgentsBonus,
  BonusCalculation,
  BonusMonth,
  BonusSchema,
  BonusSettings,
  BonusTierRow,
  SaleTarget,
} from '../../../domain/contracts/bonuses';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** Bonuses, sale targets and agents' pay. */
export const bonusCalls = {
  bonusSchemas: () => dataOf(api<{ data: BonusSchema[] }>('/bonuses')),
  saveBonusSchema: (schema: Record<string, unknown>) =>
    dataOf(api<{ data: BonusSchema }>('/bonuses', { method: 'POST', body: schema })),
  deleteBonusSchema: (bonusId: Identifier) => done(api(`/bonuses/${bonusId}`, { method: 'DELETE' })),
  addBonusTier: (bonusId: Identifier, tier: Record<string, unknown>) =>
    dataOf(api<{ data: BonusTierRow }>(`/bonuses/${bonusId}/items`, { method: 'POST', body: tier })),
  deleteBonusTier: (bonusId: Identifier, itemId: Identifier) =>
    done(api(`/bonuses/${bonusId}/items/${itemId}`, { method: 'DELETE' })),
  saleTargets: (month?: string) =>
    dataOf(api<{ data: SaleTarget[] }>('/sale-targets', { query: new URLSearchParams(month ? { month } : {}) })),
  saveSaleTarget: (target: Record<string, unknown>) =>
    dataOf(api<{ data: SaleTarget }>('/sale-targets', { method: 'POST', body: target })),
  deleteSaleTarget: (targetId: Identifier) => done(api(`/sale-targets/${targetId}`, { method: 'DELETE' })),
  bonusesByMonth: (month: string) =>
    dataOf(api<{ data: BonusMonth }>('/bonuses/getBonusByMonth', { method: 'POST', body: { month } })),
  calculateBonus: (request: { bonus_id: number; user_id: number; month: string }) =>
    dataOf(api<{ data: BonusCalculation }>('/bonuses/calculateBonus', { method: 'POST', body: request })),
  agentsBonus: (period: { date_from: string; date_to: string }) =>
    dataOf(api<{ data: AgentsBonus }>('/bonuses/getAgentsBonus', { method: 'POST', body: period })),
  markAgentFeesPaid: (saleIds: number[]) =>
    dataOf(api<{ data: AgentPayouts }>('/bonuses/agents/markPaid', { method: 'POST', body: { sale_ids: saleIds } })),
  bonusSettings: () => dataOf(api<{ data: BonusSettings }>('/bonuses/settings')),
  saveBonusSettings: (settings: BonusSettings) =>
    dataOf(api<{ data: BonusSettings }>('/bonuses/settings', { method: 'PUT', body: settings })),
};
