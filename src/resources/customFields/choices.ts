import { useTranslate } from 'react-admin';
import { CUSTOM_FIELD_RECORD_KINDS, CUSTOM_FIELD_TYPES } from '../../../domain/customFields';

/** The types and record kinds as select choices, in the user's language. */
export function useCustomFieldChoices() {
  const translate = useTranslate();
  return {
    types: CUSTOM_FIELD_TYPES.map((id) => ({ id, name: translate(`custom_fields.types.${id}`) })),
    recordKinds: CUSTOM_FIELD_RECORD_KINDS.map((id) => ({ id, name: translate(`custom_fields.record_kinds.${id}`) })),
  };
}
