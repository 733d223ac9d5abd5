import { Box, type SxProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import GroupsIcon from '@mui/icons-material/Groups';
import {
  BooleanInput,
  Button,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ManagerNotification, StaffNotification } from '../../../domain/contracts/notifications';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { DEFAULT_PER_PAGE, Paginator, PhoneCards, useFormatMoment } from '../../widgets';
import { NoticeText, useMarkAllRead, useMarkRead, useOpenNotification } from './shared';

/** Unread rows in bold (a notification is unread until marked read). */
const rowSx = (record: { read?: boolean }): SxProps => (record.read ? {} : { '& td': { fontWeight: 'bold' } });

function TextCell() {
  const record = useRecordContext<StaffNotification>();
  return record ? <NoticeText text={record.text} /> : null;
}

/** A card's first line: the notification's text, in bold while it is unread (as the table's row). */
function CardText({ record }: { record: StaffNotification }) {
  return (
    <Box component="span" sx={record.read ? undefined : { fontWeight: 'bold' }}>
      <NoticeText text={record.text} />
    </Box>
  );
}

function WhenCell() {
  const record = useRecordContext<StaffNotification>();
  const when = useFormatMoment();
  return record ? <>{when(record.created_at)}</> : null;
}

/** A row's "mark as read" (only while it is unread). */
function MarkReadButton() {
  const record = useRecordContext<StaffNotification>();
  const markRead = useMarkRead();
  if (!record || record.read) return null;
  return (
    <Button
      label="notifications.mark_read"
      onClick={(event) => {
        event.stopPropagation();
        void markRead(record);
      }}
    >
      <DoneIcon />
    </Button>
  );
}

function MyActions() {
  const can = useCan();
  const markAllRead = useMarkAllRead();
  return (
    <TopToolbar>
      {can('manager-notifications', 'list') && (
        <Button label="notifications.manager_title" component={RouterLink} to="/manager/notifications">
          <GroupsIcon />
        </Button>
      )}
      <Button label="notifications.mark_all_read" onClick={() => void markAllRead()}>
        <DoneAllIcon />
      </Button>
    </TopToolbar>
  );
}

const myFilters = [<BooleanInput key="unread" source="unread" alwaysOn />];

/** /notifications (client mode): my notifications, newest first; opening one marks it read and goes to its page. */
export function MyNotificationList() {
  const openNotification = useOpenNotification();
  const open = (_id: Identifier, _resource: string, record: RaRecord) => {
    void openNotification(record as StaffNotification);
    return false as const;
  };
  return (
    <List
      resource="notifications"
      title="notifications.title"
      filters={myFilters}
      actions={<MyActions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      empty={false}
      disableSyncWithLocation={false}
    >
      <PhoneCards<StaffNotification>
        primaryText={(record) => <CardText record={record} />}
        secondaryText={<WhenCell />}
        rowClick={open}
        actions={<MarkReadButton />}
        empty={<NoneYet />}
      >
        <Datagrid bulkActionButtons={false} rowSx={rowSx} rowClick={open} empty={<NoneYet />}>
          <FunctionField source="text" sortable={false} render={() => <TextCell />} />
          <FunctionField source="created_at" sortable={false} render={() => <WhenCell />} />
          <FunctionField label="" render={() => <MarkReadButton />} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}

function NoneYet() {
  const translate = useTranslate();
  return <div style={{ padding: 16 }}>{translate('notifications.none')}</div>;
}

function ManagerActions() {
  return (
    <TopToolbar>
      <Button label="notifications.mine" component={RouterLink} to="/notifications" />
    </TopToolbar>
  );
}

/** Manager mode's user filter: the members of staff (GET /manager/notifications/recipients). */
function RecipientInput(props: { source: string; alwaysOn?: boolean }) {
  const provider = useAppData();
  const { data = [] } = useQuery({
    queryKey: ['manager-notifications', 'recipients'],
    queryFn: () => provider.notificationRecipients(),
    staleTime: 60_000,
  });
  return <SelectInput {...props} choices={data} optionText="full_name" sx={{ minWidth: 220 }} />;
}

const managerFilters = [
  <RecipientInput key="user_id" source="user_id" alwaysOn />,
  <BooleanInput key="unread" source="unread" alwaysOn />,
];

/** /manager/notifications (manager mode, view_notifications): every member of staff's notifications, with whose. */
export function ManagerNotificationList() {
  return (
    <List
      resource="manager-notifications"
      title="notifications.manager_title"
      filters={managerFilters}
      actions={<ManagerActions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      empty={false}
      disableSyncWithLocation={false}
    >
      <PhoneCards<ManagerNotification>
        primaryText={(record) => <CardText record={record} />}
        secondaryText={
          <>
            <FunctionField<ManagerNotification>
              render={(record) => (record.user_name ? `${record.user_name} · ` : '')}
            />
            <WhenCell />
          </>
        }
        tertiaryText={(record) => (record.read ? <DoneIcon fontSize="small" /> : null)}
        rowClick={false}
        empty={<NoneYet />}
      >
        <Datagrid bulkActionButtons={false} rowSx={rowSx} rowClick={false} empty={<NoneYet />}>
          <FunctionField
            source="user_name"
            sortable={false}
            render={(record: ManagerNotification) => record.user_name}
          />
          <FunctionField source="text" sortable={false} render={() => <TextCell />} />
          <FunctionField source="created_at" sortable={false} render={() => <WhenCell />} />
          <FunctionField
            source="read"
            sortable={false}
            render={(record: ManagerNotification) => (record.read ? <DoneIcon fontSize="small" /> : null)}
          />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
