import { useQuery } from '@tanstack/react-query';
import { SelectInput, type SelectInputProps } from 'react-admin';
import { api } from '../../providers/httpClient';

/** The users who may be responsible sales managers (can_be_responsible_sale_manager), for customer and sale forms. */
export function ResponsibleManagerInput(props: Omit<SelectInputProps, 'choices'>) {
  const { data, isPending } = useQuery({
    queryKey: ['responsible-managers'],
    queryFn: () => api<{ data: Array<{ id: number; full_name: string }> }>('/users/responsible-managers').then((answer) => answer.data),
    staleTime: 60_000,
  });
  return <SelectInput {...props} choices={data ?? []} optionText="full_name" isPending={isPending} emptyText="—" />;
}
