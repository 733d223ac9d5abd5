import { useMemo, useState, type MouseEvent } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import {
  Button,
  Datagrid,
  FilterButton,
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DELIVERY_STATUSES, MESSAGE_CHANNELS, MESSAGE_KINDS } from '../../../domain/customerMessages';
import type { NotificationLog } from '../../../domain/contracts/customerMessages';
import { useCan } from '../../layout/useCan';
import { DateInput, DEFAULT_PER_PAGE, EmptyList, Paginator, PhoneCards, WIDE_TABLE, NumberField } from '../../widgets';
import { LogDetails, LogPanel, SenderName, When } from './LogDetails';
import { MessageStatusChip } from './MessageStatusChip';
import { ResendButton } from './ResendButton';

/** The choices of the log's vocabularies, translated. */
export function useMessageChoices() {
  const translate = useTranslate();
  return useMemo(
    () => ({
      statuses: DELIVERY_STATUSES.map((id) => ({ id, name: translate(`customer_messages.statuses.${id}`) })),
      channels: MESSAGE_CHANNELS.map((id) => ({ id, name: translate(`customer_messages.channels.${id}`) })),
      kinds: MESSAGE_KINDS.map((id) => ({ id, name: translate(`customer_messages.kinds.${id}`) })),
      manual: [
        { id: 'true', name: translate('customer_messages.manual') },
        { id: 'false', name: translate('customer_messages.automated') },
      ],
    }),
    [translate],
  );
}

function Actions() {
  const can = useCan();
  return (
    <TopToolbar>
      <FilterButton />
      {can('notification-templates', 'list') && (
        <Button label="customer_messages.templates" component={RouterLink} to="/notification-templates">
          <TextSnippetIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

/** A card's "resend" (the same as the row's panel has, with its permission). */
function ResendAction() {
  const log = useRecordContext<NotificationLog>();
  const refresh = useRefresh();
  return log ? <ResendButton log={log} onResent={refresh} /> : null;
}

/**
 * On a phone, what the table's row panel shows (the text as sent, the provider's answer, comments, the resend), in a
 * dialog: a card cannot expand. It reads the list's row, so a comment added shows once the list is fetched again.
 */
function LogDialog({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { data } = useListContext<NotificationLog>();
  const log = id == null ? undefined : data?.find((row) => row.id === id);
  if (!log) return null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(`customer_messages.kinds.${log.type}`, { _: log.type })}</DialogTitle>
      <DialogContent sx={{ px: 1 }}>
        <LogDetails log={log} onChanged={refresh} />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /notification-logs: every message to a customer, by hand or automated, with its delivery; a row opens the
 * text as sent, the provider's answer, comments and a resend. The list is POST /notification-logs with the filters.
 */
export function NotificationLogList() {
  const translate = useTranslate();
  const choices = useMessageChoices();
  const [opened, setOpened] = useState<Identifier | null>(null);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <DateInput key="date_from" source="date_from" alwaysOn size="small" />,
    <DateInput key="date_to" source="date_to" alwaysOn size="small" />,
    <SelectArrayInput key="status" source="status" choices={choices.statuses} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="channel" source="channel" choices={choices.channels} />,
    <SelectArrayInput key="type" source="type" choices={choices.kinds} sx={{ minWidth: 180 }} />,
    <SelectInput key="manual" source="manual" choices={choices.manual} />,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList />}
    >
      <PhoneCards<NotificationLog>
        primaryText={(r) =>
          [translate(`customer_messages.kinds.${r.type}`, { _: r.type }), r.customer_name].filter(Boolean).join(' · ')
        }
        secondaryText={(r) => (
          <>
            {[translate(`customer_messages.channels.${r.channel}`, { _: r.channel }), r.recipient]
              .filter(Boolean)
              .map((text) => `${text} · `)
              .join('')}
            <When iso={r.created_at} />
          </>
        )}
        tertiaryText={(r) => <MessageStatusChip status={r.status} />}
        rowClick={(id) => {
          setOpened(id);
          return false;
        }}
        actions={<ResendAction />}
      >
        <Datagrid expand={<LogPanel />} rowClick="expand" bulkActionButtons={false} sx={WIDE_TABLE}>
          <FunctionField
            source="created_at"
            sortBy="created_at"
            render={(r: NotificationLog) => <When iso={r.created_at} />}
          />
          <FunctionField
            source="type"
            render={(r: NotificationLog) => translate(`customer_messages.kinds.${r.type}`, { _: r.type })}
          />
          <FunctionField
            source="channel"
            render={(r: NotificationLog) => translate(`customer_messages.channels.${r.channel}`, { _: r.channel })}
          />
          <TextField source="recipient" sortable={false} />
          <FunctionField
            source="customer_name"
            sortable={false}
            render={(r: NotificationLog) =>
              r.customer_id ? (
                <Link to={`/customers/${r.customer_id}/show`} onClick={(e: MouseEvent) => e.stopPropagation()}>
                  {r.customer_name}
                </Link>
              ) : null
            }
          />
          <FunctionField
            source="contract_no"
            sortable={false}
            render={(r: NotificationLog) =>
              r.sale_id ? (
                <Link to={`/sales/${r.sale_id}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
                  {r.contract_no}
                </Link>
              ) : null
            }
          />
          <FunctionField source="status" render={(r: NotificationLog) => <MessageStatusChip status={r.status} />} />
          <NumberField source="attempts" sortable={false} />
          <TextField source="error_message" sortable={false} />
          <FunctionField
            source="sender_name"
            sortable={false}
            render={(r: NotificationLog) => <SenderName log={r} />}
          />
        </Datagrid>
      </PhoneCards>
      <LogDialog id={opened} onClose={() => setOpened(null)} />
    </List>
  );
}
