import { Chip, Rating } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ListNoResults,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { Ticket } from '../../../domain/contracts/tickets';
import { useCan } from '../../layout/useCan';
import { DEFAULT_PER_PAGE, Paginator, DateField, EmptyList, PhoneCards } from '../../widgets';
import { useTicketChoices } from './choices';

const STATUS_COLOURS = { open: 'warning', answered: 'info', closed: 'default' } as const;

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('tickets', 'create') && <CreateButton />}</TopToolbar>;
}

/**
 * No ticket in the chosen view (mine, assigned to me, all): what tickets are, and the create button. The list always
 * has its view's filter set, so react-admin's page-wide `empty` never shows; a status filter that hides every ticket
 * says so, with its "clear filters".
 */
function NoTickets() {
  const can = useCan();
  const { filterValues } = useListContext();
  if (Object.keys(filterValues ?? {}).some((filter) => filter !== 'mode')) return <ListNoResults />;
  return <EmptyList mayCreate={can('tickets', 'create')} />;
}

/** Support tickets: mine, assigned to me, or (with edit_tickets) all; filtered by status. */
export function TicketList() {
  const translate = useTranslate();
  const choices = useTicketChoices();
  const filters = [
    <SelectInput key="mode" source="mode" choices={choices.modes} alwaysOn emptyText={false as never} />,
    <SelectInput key="status" source="status" choices={choices.statuses} alwaysOn />,
  ];
  return (
    <List
      resource="tickets"
      title={translate('tickets.title')}
      filters={filters}
      filterDefaultValues={{ mode: 'mine' }}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'updated_at', order: 'DESC' }}
      empty={false}
    >
      <PhoneCards<Ticket>
        primaryText={(t) => t.subject}
        secondaryText={
          <>
            <FunctionField<Ticket>
              render={(t) =>
                [t.category_name, t.author_name]
                  .filter(Boolean)
                  .map((text) => `${text} · `)
                  .join('')
              }
            />
            <DateField source="updated_at" showTime />
          </>
        }
        tertiaryText={(t) => (
          <Chip size="small" color={STATUS_COLOURS[t.status]} label={translate(`tickets.statuses.${t.status}`)} />
        )}
        rowClick="show"
        empty={<NoTickets />}
      >
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<NoTickets />}>
          <TextField source="id" />
          <TextField source="subject" />
          <TextField source="category_name" sortable={false} />
          <FunctionField<Ticket>
            source="status"
            render={(t) => (
              <Chip size="small" color={STATUS_COLOURS[t.status]} label={translate(`tickets.statuses.${t.status}`)} />
            )}
          />
          <TextField source="author_name" sortable={false} />
          <TextField source="assignee_name" sortable={false} />
          <FunctionField<Ticket>
            source="rating"
            sortable={false}
            render={(t) => (t.rating ? <Rating value={t.rating} readOnly size="small" /> : null)}
          />
          <DateField source="updated_at" showTime />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
