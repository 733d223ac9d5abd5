import { businessToday } from '../../../domain/businessDay';
import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  ArrayInput,
  AutocompleteInput,
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
  useNotify,
  useTranslate,
  type HttpError,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { ContainerDetail, ContainerSaleInfo } from '../../../domain/contracts/containers';
import { toMinor } from '../../../domain/money';
import { lineAmount, lineQuantity } from '../../../domain/services';
import { useAppData } from '../../providers/useAppData';
import { AREA_DECIMALS, DateInput, toIsoDay, useLocaleFormat, KEEP_TYPED } from '../../widgets';
import { SchedulePreviewTable } from '../sales/SchedulePreview';

const requiredField = required('validation.required');

interface ItemValues {
  service_id?: number | null;
  property_id?: number | null;
  quantity?: number | null;
}

/** The price of the lines as the server will compute it (domain/services), in minor units of the sale's currency. */
function priceOf(info: ContainerSaleInfo | undefined, items: ItemValues[] | undefined) {
  if (!info) return 0;
  const services = new Map(info.services.map((s) => [s.id, s]));
  const areas = new Map(info.units.map((u) => [u.id, u.area]));
  const allArea = info.units.reduce((s, u) => s + u.area, 0);
  return (items ?? []).reduce((total, item) => {
    const service = item?.service_id ? services.get(Number(item.service_id)) : undefined;
    if (!service) return total;
    const area = item.property_id ? areas.get(Number(item.property_id)) : allArea;
    const asked =
      item.quantity === null || item.quantity === undefined || String(item.quantity) === ''
        ? null
        : Number(item.quantity);
    return total + lineAmount(toMinor(service.sale_price), lineQuantity(service.unit, asked, area));
  }, 0);
}

/** The lines, their total and the schedule preview of the renovation being added. */
function RenovationInputs({ info }: { info: ContainerSaleInfo | undefined }) {
  const { amount: screenAmount, decimal } = useLocaleFormat();
  const translate = useTranslate();
  const [items, first, period, count, formula] = useWatch({
    name: ['items', 'first_payment_date', 'period_months', 'payments_count', 'formula'],
  }) as [ItemValues[] | undefined, unknown, unknown, unknown, unknown];
  const price = priceOf(info, items);
  const currency = info?.sale.currency ?? '';
  const serviceChoices = (info?.services ?? []).map((s) => ({
    id: s.id,
    name: `${s.name} · ${translate(`services.units.${s.unit}`)} · ${screenAmount(s.sale_price, currency)}`,
  }));
  const unitChoices = (info?.units ?? []).map((u) => ({
    id: u.id,
    name: `${u.block_name ? `${u.block_name} · ` : ''}${u.number} · ${decimal(u.area, AREA_DECIMALS)} m²`,
  }));
  return (
    <>
      <ArrayInput source="items" label="containers.services">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="service_id"
            choices={serviceChoices}
            validate={requiredField}
            label="containers.service"
            sx={{ minWidth: 260 }}
          />
          <SelectInput
            source="property_id"
            choices={unitChoices}
            emptyText={translate('containers.whole_sale')}
            label="containers.unit"
            sx={{ minWidth: 160 }}
          />
          <NumberInput source="quantity" min={0} step={0.01} label="containers.quantity" sx={{ maxWidth: 130 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="subtitle1">
        {translate('containers.total')}: {screenAmount(price / 100, currency)}
      </Typography>
      <Stack direction="row" gap={2} flexWrap="wrap">
        <DateInput
          fullWidth={false}
          source="first_payment_date"
          validate={requiredField}
          label="resources.service-containers.fields.first_payment_date"
        />
        <NumberInput
          fullWidth={false}
          source="period_months"
          min={1}
          validate={requiredField}
          label="resources.service-containers.fields.period_months"
        />
        <NumberInput
          fullWidth={false}
          source="payments_count"
          min={1}
          validate={requiredField}
          label="resources.service-containers.fields.payments_count"
        />
        <TextInput source="formula" fullWidth={false} label="resources.service-containers.fields.formula" />
      </Stack>
      <TextInput source="note" multiline fullWidth label="resources.service-containers.fields.note" />
      {price > 0 && (
        <SchedulePreviewTable
          input={{
            price: price / 100,
            currency,
            first_payment_date: first,
            period_months: period,
            payments_count: count,
            formula,
          }}
        />
      )}
    </>
  );
}

/** Which sale the renovation is for, when the dialog was not opened from a sale page. */
function SalePicker({ onPick }: { onPick: (saleId: number | null) => void }) {
  const provider = useAppData();
  const { data: sales = [] } = useQuery({ queryKey: ['containerSales'], queryFn: () => provider.containerSales() });
  const saleId = useWatch({ name: 'sale_id' }) as number | null | undefined;
  useEffect(() => onPick(saleId ? Number(saleId) : null), [saleId, onPick]);
  return (
    <AutocompleteInput
      source="sale_id"
      choices={sales.map((s) => ({ id: s.id, name: `${s.contract_no} · ${s.customer_name} · ${s.building_name}` }))}
      validate={requiredField}
      label="containers.choose_sale"
      fullWidth
    />
  );
}

export interface AddRenovationDialogProps {
  /** The sale page's sale; without it the user picks one of GET /containers/getSales. */
  saleId?: number;
  open: boolean;
  onClose: () => void;
  onCreated?: (container: ContainerDetail) => void;
}

/** "Add renovation": the services for the sale's units, priced for its complex, and the renovation's own schedule. */
export function AddRenovationDialog({ saleId, open, onClose, onCreated }: AddRenovationDialogProps) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const [picked, setPicked] = useState<number | null>(saleId ?? null);
  const { data: info } = useQuery({
    queryKey: ['containerSaleInfo', picked],
    queryFn: () => provider.containerSaleInfo(picked!),
    enabled: open && picked !== null,
  });
  const record = useMemo(
    () => ({
      sale_id: saleId ?? null,
      items: [{ service_id: null, property_id: null, quantity: null }],
      first_payment_date: businessToday(),
      period_months: 1,
      payments_count: 1,
      formula: null,
      note: null,
    }),
    [saleId],
  );

  const submit = async (values: FieldValues) => {
    try {
      const container = await provider.addContainer({
        sale_id: saleId ?? values.sale_id,
        items: (values.items as ItemValues[]).map((i) => ({
          service_id: i.service_id,
          property_id: i.property_id || null,
          quantity: i.quantity === null || i.quantity === undefined || String(i.quantity) === '' ? null : i.quantity,
        })),
        first_payment_date: toIsoDay(values.first_payment_date),
        period_months: values.period_months,
        payments_count: values.payments_count,
        formula: values.formula || null,
        note: values.note || null,
      });
      notify('containers.created', { type: 'success' });
      onClose();
      onCreated?.(container);
    } catch (failure) {
      const error = failure as HttpError;
      const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
      notify(error.message || 'ra.notification.http_error', { type: 'error' });
      if (errors && Object.keys(errors).length) return errors;
    }
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('containers.add_renovation')}</DialogTitle>
      {open && (
        <Form resetOptions={KEEP_TYPED} record={record} onSubmit={submit} resource="service-containers">
          <DialogContent sx={{ pt: 1 }}>
            {saleId === undefined && <SalePicker onPick={setPicked} />}
            {info ? <RenovationInputs info={info} /> : <Box sx={{ minHeight: 80 }} />}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton label="containers.add_renovation" icon={<AddIcon />} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
