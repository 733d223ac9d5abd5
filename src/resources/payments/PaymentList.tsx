import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  DateField,
  DateRangeInput,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  NumberField,
  Paginator,
  RATE_DECIMALS,
  PhoneCards,
  EmptyList,
  type ExportColumn,
} from '../../widgets';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { GlobalPaymentsImportButton } from './PaymentsImport';
import { VoidedChip } from './VoidedChip';
import type { Payment } from '../../../domain/contracts/payments';

type PaymentRow = Payment;

const filters = [
  <SearchInput key="query" source="query" alwaysOn />,
  <ReferenceArrayInput
    key="building_ids"
    source="building_ids"
    reference="buildings"
    perPage={1000}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectArrayInput optionText="name" label="resources.payments.fields.building_name" sx={{ minWidth: 200 }} />
  </ReferenceArrayInput>,
  <SelectInput key="currency" source="currency" choices={CURRENCY_CHOICES} alwaysOn />,
  <DateRangeInput key="paid_on" source="paid_on" resource="payments" alwaysOn />,
];

function Actions() {
  const refresh = useRefresh();
  const translate = useTranslate();
  const exportColumns: ExportColumn<PaymentRow>[] = [
    { source: 'paid_on', kind: 'date' },
    { source: 'contract_no' },
    { source: 'customer_name' },
    { source: 'building_name' },
    { source: 'amount', kind: 'money', currencySource: 'currency' },
    { source: 'rate', kind: 'number' },
    { source: 'credited', kind: 'money', currencySource: 'sale_currency' },
    { source: 'mode', value: (r) => translate(`payments.mode_${r.mode}`, { _: r.mode }) },
    {
      source: 'source',
      value: (r) =>
        `${translate(`payments.source_${r.source}`, { _: r.source })}${r.voided ? ` (${translate('payments.voided')})` : ''}`,
    },
    { source: 'created_by_name' },
  ];
  return (
    <TopToolbar>
      <Button label="menu.invoices" component={RouterLink} to="/invoices">
        <ReceiptLongIcon />
      </Button>
      <GlobalPaymentsImportButton onImported={refresh} />
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** No payment yet: they come from a sale's page or the bank's statement, so the import is offered. */
function NoPayments() {
  const refresh = useRefresh();
  return (
    <EmptyList>
      <GlobalPaymentsImportButton onImported={refresh} />
    </EmptyList>
  );
}

/** Every payment recorded on the sales the user sees, by date, currency and complex; a row opens its sale. */
export function PaymentList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'paid_on', order: 'DESC' }}
      empty={<NoPayments />}
    >
      <PhoneCards<PaymentRow>
        primaryText={(r) => [r.contract_no, r.customer_name].filter(Boolean).join(' · ')}
        secondaryText={<DateField source="paid_on" />}
        tertiaryText={(r) => (
          <>
            <MoneyField source="amount" currencySource="currency" />
            <VoidedChip voided={r.voided} />
          </>
        )}
        rowClick={(_id, _resource, record) => `/sales/${record.sale_id}`}
      >
        <Datagrid
          rowClick={(_id, _resource, record) => `/sales/${(record as PaymentRow).sale_id}`}
          bulkActionButtons={false}
        >
          <DateField source="paid_on" />
          <TextField source="contract_no" sortable={false} />
          <TextField source="customer_name" sortable={false} />
          <TextField source="building_name" sortable={false} />
          <MoneyField source="amount" currencySource="currency" textAlign="right" />
          <NumberField source="rate" options={RATE_DECIMALS} textAlign="right" sortable={false} />
          <MoneyField source="credited" currencySource="sale_currency" textAlign="right" sortable={false} />
          <FunctionField
            source="mode"
            sortable={false}
            render={(r: PaymentRow) => translate(`payments.mode_${r.mode}`, { _: r.mode })}
          />
          <FunctionField
            source="source"
            sortable={false}
            render={(r: PaymentRow) => (
              <>
                {translate(`payments.source_${r.source}`, { _: r.source })}
                <VoidedChip voided={r.voided} />
              </>
            )}
          />
          <TextField source="created_by_name" sortable={false} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
