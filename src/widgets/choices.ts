import { useMemo } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import {
  CONTRACT_TYPES,
  PROPERTY_STATES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PROPERTY_VIEWS,
} from '../../domain/inventory';
import { CURRENCIES } from '../../domain/money';

const VOCABULARIES = {
  property_status: PROPERTY_STATUSES,
  property_state: PROPERTY_STATES,
  property_type: PROPERTY_TYPES,
  property_view: PROPERTY_VIEWS,
  contract_type: CONTRACT_TYPES,
} as const;
export type Vocabulary = keyof typeof VOCABULARIES;

/** A vocabulary as react-admin choices, named in the interface language (the catalogues' `enums`). */
export function useEnumChoices(vocabulary: Vocabulary, only?: readonly string[]) {
  const translate = useTranslate();
  return useMemo(
    () =>
      VOCABULARIES[vocabulary]
        .filter((id) => !only || only.includes(id))
        .map((id) => ({ id, name: translate(`enums.${vocabulary}.${id}`) })),
    [translate, vocabulary, only],
  );
}

export const CURRENCY_CHOICES = CURRENCIES.map((id) => ({ id, name: id }));

/** One vocabulary value named in the interface language; unknown values show as they are. */
export function useEnumLabel() {
  const translate = useTranslate();
  return (vocabulary: Vocabulary, value: string | null | undefined) =>
    value ? translate(`enums.${vocabulary}.${value}`, { _: value }) : '';
}

export interface BlockChoice {
  id: number;
  name: string;
}

/** The blocks of a complex, from its record (GET /buildings/{id} answers them); none until a complex is chosen. */
export function useBlocks(buildingId: number | string | null | undefined): BlockChoice[] {
  const { data } = useGetOne<{ id: number; blocks?: BlockChoice[] }>(
    'buildings',
    { id: buildingId as number },
    { enabled: Boolean(buildingId) },
  );
  return buildingId && data?.blocks ? data.blocks : [];
}
