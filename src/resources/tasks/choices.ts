import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { TASK_DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES } from '../../../domain/work';
import { useAppData } from '../../providers/useAppData';

/** The task vocabularies as react-admin choices in the interface language, and the people a task may be given to. */
export function useTaskChoices() {
  const translate = useTranslate();
  const provider = useAppData();
  const { data: people } = useQuery({
    queryKey: ['task-assignees'],
    queryFn: () => provider.taskAssignees(),
    staleTime: 60_000,
  });
  return useMemo(
    () => ({
      priorities: TASK_PRIORITIES.map((id) => ({ id, name: translate(`tasks.priorities.${id}`) })),
      statuses: TASK_STATUSES.map((id) => ({ id, name: translate(`tasks.statuses.${id}`) })),
      due: TASK_DUE_FILTERS.map((id) => ({ id, name: translate(`tasks.due.${id}`) })),
      people: (people ?? []).map((p) => ({ id: p.id, name: p.full_name })),
    }),
    [translate, people],
  );
}
