import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { TICKET_MODES, TICKET_STATUSES } from '../../../domain/work';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';

/**
 * The ticket vocabularies as choices: modes (all only for those who handle everyone's), statuses, categories, people.
 */
export function useTicketChoices() {
  const translate = useTranslate();
  const provider = useAppData();
  const can = useCan();
  const { data: categories } = useQuery({
    queryKey: ['ticket-categories', translate('tickets.title')],
    queryFn: () => provider.ticketCategories(),
    staleTime: 300_000,
  });
  const { data: people } = useQuery({
    queryKey: ['ticket-assignees'],
    queryFn: () => provider.ticketAssignees(),
    staleTime: 60_000,
  });
  const seesAll = can('all-tickets', 'list');
  return useMemo(
    () => ({
      modes: TICKET_MODES.filter((m) => m !== 'all' || seesAll).map((id) => ({
        id,
        name: translate(`tickets.modes.${id}`),
      })),
      statuses: TICKET_STATUSES.map((id) => ({ id, name: translate(`tickets.statuses.${id}`) })),
      categories: categories ?? [],
      people: (people ?? []).map((p) => ({ id: p.id, name: p.full_name })),
    }),
    [translate, seesAll, categories, people],
  );
}
