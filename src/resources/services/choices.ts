import { useTranslate } from 'react-admin';
import { SERVICE_UNITS } from '../../../domain/services';
import { CONTAINER_STATUSES } from '../../../domain/services';

/** The units of measure and the container statuses as choices in the user's language. */
export function useServiceChoices() {
  const translate = useTranslate();
  return {
    units: SERVICE_UNITS.map((id) => ({ id, name: translate(`services.units.${id}`) })),
    statuses: CONTAINER_STATUSES.map((id) => ({ id, name: translate(`containers.statuses.${id}`) })),
  };
}
