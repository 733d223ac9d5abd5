import { useQuery } from '@tanstack/react-query';
import { SelectInput, type SelectInputProps } from 'react-admin';
import { useAppData } from '../../providers/useAppData';

/** The users who may be responsible sales managers (can_be_responsible_sale_manager), for customer and sale forms. */
export function ResponsibleManagerInput(props: Omit<SelectInputProps, 'choices'>) {
  const provider = useAppData();
  const { data, isPending } = useQuery({
    queryKey: ['responsible-managers'],
    queryFn: () => provider.responsibleManagers(),
    staleTime: 60_000,
  });
  return <SelectInput {...props} choices={data ?? []} optionText="full_name" isPending={isPending} emptyText="—" />;
}
