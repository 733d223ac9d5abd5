import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { ActivityLog } from '../../../domain/contracts/logs';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import {
  DateInput,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  Paginator,
  type ExportColumn,
  DateField,
  EmptyList,
  PhoneCards,
  useFormatMoment,
  useLocaleFormat,
} from '../../widgets';
import { changeText, recordText, type ValueFormats } from './exportLogs';

/** How the log writes the values it changed: dates in the user's format, numbers in the language's digits. */
function useValueFormats(): ValueFormats {
  const moment = useFormatMoment();
  const { decimal } = useLocaleFormat();
  return useMemo(() => ({ moment, number: decimal }), [moment, decimal]);
}

function useLogTypes() {
  const provider = useAppData();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['log-types', translate('logs.title')],
    queryFn: () => provider.logTypes(),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const names = new Map((data?.record_types ?? []).map((t) => [t.id, t.name]));
    return {
      recordTypes: data?.record_types ?? [],
      actions: data?.actions ?? [],
      typeName: (id: string) => names.get(id) ?? id,
    };
  }, [data]);
}

/** Excel export of the filtered list: every matching entry, read page by page, with the columns the table shows. */
function ExportButton() {
  const translate = useTranslate();
  const formats = useValueFormats();
  const { typeName } = useLogTypes();
  const columns: ExportColumn<ActivityLog>[] = [
    { source: 'created_at', kind: 'datetime' },
    { source: 'user_name' },
    { source: 'action', value: (r) => translate(`logs.actions.${r.action}`, { _: r.action }) },
    {
      source: 'record_type',
      value: (r) => recordText(r, typeName),
    },
    {
      source: 'changes',
      value: (r) =>
        Object.keys(r.changes ?? {})
          .map((f) => changeText(r, f, translate, formats))
          .join('\n'),
    },
  ];
  return <ExcelExportButton columns={columns} filename="activity-logs" />;
}

/** An entry's record in words (recordText), a link to it when it has a page. */
function LogRecord({ log, typeName }: { log: ActivityLog; typeName: (id: string) => string }) {
  const label = recordText(log, typeName);
  return log.link ? <Link to={log.link}>{label}</Link> : <>{label}</>;
}

/** An entry's changes in words (changeText), one a line: a list in the table, lines of text on a card. */
function LogChanges({ log, asLines = false }: { log: ActivityLog; asLines?: boolean }) {
  const translate = useTranslate();
  const formats = useValueFormats();
  const lines = Object.keys(log.changes ?? {}).map((f) => ({ f, text: changeText(log, f, translate, formats) }));
  if (asLines)
    return lines.map(({ f, text }) => (
      <Box key={f} component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
        {text}
      </Box>
    ));
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxWidth: 520, wordBreak: 'break-word' }}>
      {lines.map(({ f, text }) => (
        <li key={f}>{text}</li>
      ))}
    </Box>
  );
}

/**
 * /logs: who did what to which record and when; view_all_logs sees everyone's entries, view_own_logs only their own.
 */
export function LogList() {
  const translate = useTranslate();
  const can = useCan();
  const types = useLogTypes();
  const filters = [
    ...(can('users', 'list')
      ? [
          <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
            <AutocompleteInput optionText="full_name" filterToQuery={(q) => ({ q })} />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput key="record_type" source="record_type" choices={types.recordTypes} alwaysOn />,
    <TextInput key="record_id" source="record_id" />,
    <SelectInput key="action" source="action" choices={types.actions} alwaysOn />,
    <DateInput key="date_from" source="date_from" alwaysOn />,
    <DateInput key="date_to" source="date_to" alwaysOn />,
  ];
  return (
    <List
      resource="logs"
      title={translate('logs.title')}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList />}
    >
      <PhoneCards<ActivityLog>
        primaryText={(r) => (
          <>
            {`${translate(`logs.actions.${r.action}`, { _: r.action })} · `}
            <LogRecord log={r} typeName={types.typeName} />
          </>
        )}
        secondaryText={(r) => (
          <>
            {r.user_name}
            <LogChanges log={r} asLines />
          </>
        )}
        tertiaryText={<DateField source="created_at" showTime />}
        rowClick={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" showTime />
          <TextField source="user_name" sortable={false} />
          <FunctionField<ActivityLog>
            source="action"
            sortable={false}
            render={(r) => translate(`logs.actions.${r.action}`, { _: r.action })}
          />
          <FunctionField<ActivityLog>
            source="record_type"
            render={(r) => <LogRecord log={r} typeName={types.typeName} />}
          />
          <FunctionField<ActivityLog> source="changes" sortable={false} render={(r) => <LogChanges log={r} />} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
