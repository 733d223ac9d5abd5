import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useAppData } from '../../providers/useAppData';

export const CUSTOMER_TYPES = ['individual', 'company'] as const;
export const GENDERS = ['male', 'female'] as const;

export interface CustomerRecord {
  id: number;
  type: 'individual' | 'company';
  name: string;
  name_ka: string;
  name_en: string | null;
  name_ru: string | null;
  personal_number: string | null;
  company_code: string | null;
  country: string | null;
  citizenship: string | null;
  gender: string | null;
  birth_date: string | null;
  address: string | null;
  phones: string[];
  emails: string[];
  website?: string | null;
  info_source: string | null;
  no_marketing: boolean;
  note: string | null;
  responsible_user_id: number | null;
  responsible_user_name: string | null;
  created_by_name: string | null;
  created_at: string;
}

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
