import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** The top-bar counter's query: asked every 30 s, and again whenever a task is saved. */
export const TASKS_COUNTER_KEY = ['tasks-counter'] as const;
export const TASKS_POLL_MS = 30_000;

/** Refreshes the counter after a task was saved or deleted. */
export function useTasksChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: TASKS_COUNTER_KEY }), [queryClient]);
}
