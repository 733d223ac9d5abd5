import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useAppData } from '../../providers/useAppData';
import type { Customer } from '../../../domain/contracts/customers';

export const CUSTOMER_TYPES = ['individual', 'company'] as const;
export const GENDERS = ['male', 'female'] as const;

/** A customer as GET /customers lists it. */
export type CustomerRecord = Customer;

/** The 198 countries from GET /countries as picker choices in the interface language (code → name). */
export function useCountries() {
  const provider = useAppData();
  const [locale] = useLocaleState();
  const { data = [] } = useQuery({ queryKey: ['countries'], queryFn: () => provider.countries(), staleTime: Infinity });
  // Each country in the user's language (the Russian list showed English names), sorted in it.
  const choices = data
    .map((c) => ({ id: c.code_iso2, name: locale === 'ka' ? c.name_ka : locale === 'ru' ? c.name_ru : c.name_en }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const nameOf = (code: string | null | undefined) => (code ? (choices.find((c) => c.id === code)?.name ?? code) : '');
  return { choices, nameOf };
}

/** Type and gender choices, translated. */
export function useCustomerChoices() {
  const translate = useTranslate();
  return {
    types: CUSTOMER_TYPES.map((id) => ({ id, name: translate(`customers.${id}`) })),
    genders: GENDERS.map((id) => ({ id, name: translate(`customers.${id}`) })),
  };
}
