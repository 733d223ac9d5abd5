import { Button, Chip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import SupportIcon from '@mui/icons-material/Support';
import { Link } from 'react-router-dom';
import {
  BooleanInput,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Task } from '../../../domain/contracts/tasks';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { DEFAULT_PER_PAGE, DeleteWithConfirmButton, Paginator, DateField, EmptyList, PhoneCards } from '../../widgets';
import { useTaskChoices } from './choices';
import { useTasksChanged } from './shared';

const PRIORITY_COLOURS = { low: 'default', normal: 'info', high: 'error' } as const;

function MarkDoneButton() {
  const task = useRecordContext<Task>();
  const provider = useAppData();
  const notify = useNotify();
  const refresh = useRefresh();
  const changed = useTasksChanged();
  const translate = useTranslate();
  if (!task || !task.can_edit || task.status === 'done') return null;
  const markDone = async (event: React.MouseEvent) => {
    event.stopPropagation();
    try {
      await provider.saveTask({ ...task, status: 'done' });
      notify('tasks.marked_done', { type: 'success' });
      changed();
      refresh();
    } catch {
      notify('app.error', { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<DoneIcon />} onClick={markDone} data-testid={`task-done-${task.id}`}>
      {translate('tasks.mark_done')}
    </Button>
  );
}

function DeleteTaskButton() {
  const task = useRecordContext<Task>();
  const changed = useTasksChanged();
  if (!task?.can_delete) return null;
  return <DeleteWithConfirmButton onDeleted={changed} />;
}

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {can('tasks', 'create') && <CreateButton />}
      {can('tickets', 'list') && (
        <Button size="small" component={Link} to="/tickets" startIcon={<SupportIcon />}>
          {translate('tickets.title')}
        </Button>
      )}
    </TopToolbar>
  );
}

/** /tasks: my tasks and, with edit_tasks, everyone's; filters by status, priority, due and assignee. */
export function TaskList() {
  const can = useCan();
  const translate = useTranslate();
  const choices = useTaskChoices();
  const seesAll = can('all-tasks', 'list');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(seesAll ? [<BooleanInput key="mine" source="mine" alwaysOn />] : []),
    <SelectInput key="status" source="status" choices={choices.statuses} alwaysOn />,
    <SelectInput key="priority" source="priority" choices={choices.priorities} />,
    <SelectInput key="due" source="due" choices={choices.due} alwaysOn />,
    <SelectInput key="assignee_id" source="assignee_id" choices={choices.people} />,
  ];
  return (
    <List
      resource="tasks"
      title={translate('tasks.title')}
      filters={filters}
      filterDefaultValues={seesAll ? { mine: true } : {}}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'due_date', order: 'ASC' }}
      empty={<EmptyList mayCreate={can('tasks', 'create')} />}
    >
      <PhoneCards<Task>
        primaryText={(t) => t.title}
        secondaryText={
          <>
            <DateField source="due_date" />
            <FunctionField<Task>
              render={(t) =>
                [` · ${translate(`tasks.statuses.${t.status}`)}`, t.assignee_name].filter(Boolean).join(' · ')
              }
            />
          </>
        }
        tertiaryText={(t) => (
          <Chip size="small" color={PRIORITY_COLOURS[t.priority]} label={translate(`tasks.priorities.${t.priority}`)} />
        )}
        rowClick="edit"
        actions={
          <>
            <MarkDoneButton />
            <DeleteTaskButton />
          </>
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" />
          <FunctionField<Task>
            source="priority"
            render={(t) => (
              <Chip
                size="small"
                color={PRIORITY_COLOURS[t.priority]}
                label={translate(`tasks.priorities.${t.priority}`)}
              />
            )}
          />
          <DateField source="due_date" />
          <FunctionField<Task>
            source="status"
            render={(t) => <span data-status={t.status}>{translate(`tasks.statuses.${t.status}`)}</span>}
          />
          <TextField source="assignee_name" sortable={false} />
          <TextField source="author_name" sortable={false} />
          <FunctionField<Task>
            source="contract_no"
            sortable={false}
            render={(t) => [t.contract_no, t.customer_name, t.property_name].filter(Boolean).join(' · ')}
          />
          <DateField source="modified_at" showTime />
          <MarkDoneButton />
          <DeleteTaskButton />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
