import AddTaskIcon from '@mui/icons-material/AddTask';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCan } from '../../layout/useCan';
import { clientConfig } from '../../providers/config';

/** Opens the task form prefilled with the record it is about (a customer or a sale). */
export function AddTaskButton({
  about,
}: {
  about: { customer_id?: number } | { sale_id: number; customer_id?: number };
}) {
  const translate = useTranslate();
  const can = useCan();
  if (!clientConfig().flags.tasks || !can('tasks', 'create')) return null;
  return (
    <Button size="small" component={Link} to="/tasks/create" state={{ record: about }} startIcon={<AddTaskIcon />}>
      {translate('sale_id' in about ? 'tasks.add_for_sale' : 'tasks.add_for_customer')}
    </Button>
  );
}
