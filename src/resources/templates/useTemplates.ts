import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { useAppData } from '../../providers/useAppData';

/**
 * The template lists are cached in the browser and fetched again only when forced (the refresh button, or
 * after this browser saved or deleted one). Each list is a query that never goes stale by itself.
 */
const forever = { staleTime: Infinity, gcTime: Infinity, refetchOnWindowFocus: false, refetchOnMount: false } as const;

export function useDocTemplates() {
  const provider = useAppData();
  return useQuery({ queryKey: ['doc-templates'], queryFn: () => provider.docTemplates(), ...forever });
}

export function useWordTemplates() {
  const provider = useAppData();
  return useQuery({ queryKey: ['word-templates'], queryFn: () => provider.wordTemplates(), ...forever });
}

/** The types and the placeholders, labelled in the interface language (they change with it). */
export function useTemplateVocabulary() {
  const provider = useAppData();
  const [locale] = useLocaleState();
  const types = useQuery({
    queryKey: ['doc-template-types', locale],
    queryFn: () => provider.docTemplateTypes(),
    ...forever,
  });
  const fields = useQuery({
    queryKey: ['doc-template-fields', locale],
    queryFn: () => provider.placeholderFields(),
    ...forever,
  });
  return { types: types.data ?? [], fields: fields.data ?? [] };
}

/** Forces the lists to be fetched again. */
export function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return useCallback(
    (which: 'doc-templates' | 'word-templates' | 'all' = 'all') =>
      Promise.all(
        (which === 'all' ? ['doc-templates', 'word-templates', 'doc-template-fields'] : [which]).map((key) =>
          queryClient.refetchQueries({ queryKey: [key] }),
        ),
      ),
    [queryClient],
  );
}
