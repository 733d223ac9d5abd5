import { Badge, IconButton, Tooltip } from '@mui/material';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { TASKS_COUNTER_KEY, TASKS_POLL_MS } from './shared';

/** The top bar's tasks icon with the count of actual tasks: open, assigned to me or where I take part. */
export function TasksCounter() {
  const translate = useTranslate();
  const provider = useAppData();
  const can = useCan();
  const works = can('tasks', 'list');
  const { data } = useQuery({
    queryKey: TASKS_COUNTER_KEY,
    queryFn: () => provider.actualTasks(),
    refetchInterval: TASKS_POLL_MS,
    refetchOnWindowFocus: true,
    enabled: works,
  });
  const count = data?.count ?? 0;
  const label = translate('app.tasks');
  return (
    <Tooltip title={works ? translate('tasks.counter', { count }) : label}>
      <IconButton
        color="inherit"
        component={Link}
        to="/tasks"
        aria-label={works ? `${label}: ${translate('tasks.counter', { count })}` : label}
      >
        <Badge badgeContent={count} color="error" max={99}>
          <TaskAltIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
