import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { AGENT_FEE_STATUSES, CONTRACT_LANGUAGES, PAYMENT_TYPES, SALE_STATUSES } from '../../../domain/sales';
import { CURRENCIES } from '../../../domain/money';

const VOCABULARIES = {
  status: SALE_STATUSES,
  payment_type: PAYMENT_TYPES,
  contract_language: CONTRACT_LANGUAGES,
  agent_fee_status: AGENT_FEE_STATUSES,
  renovation_status: ['paid', 'debt', 'none'],
  owner: ['individual', 'company'],
} as const;
export type SaleVocabulary = keyof typeof VOCABULARIES;

/** A sales vocabulary as react-admin choices in the interface language (namespace `sales`). */
export function useSaleChoices(vocabulary: SaleVocabulary) {
  const translate = useTranslate();
  return useMemo(
    () => VOCABULARIES[vocabulary].map((id) => ({ id, name: translate(`sales.${vocabulary}.${id}`) })),
    [translate, vocabulary],
  );
}

export const CURRENCY_CHOICES = CURRENCIES.map((id) => ({ id, name: id }));

/** MUI colours of sale and installment statuses. */
export const STATUS_COLOR: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  active: 'info',
  overdue: 'error',
  completed: 'success',
  canceled: 'default',
  paid: 'success',
  partial: 'warning',
  unpaid: 'default',
  late: 'error',
  must_paid: 'warning',
  not_due: 'default',
};
