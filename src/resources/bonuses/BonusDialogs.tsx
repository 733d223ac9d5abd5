import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, NumberInput, required, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { BONUS_BASES, BONUS_KINDS } from '../../../domain/bonuses';
import type { BonusSchema } from '../../../domain/contracts/bonuses';
import { useAppData } from '../../providers/useAppData';
import { CURRENCY_CHOICES, KEEP_TYPED } from '../../widgets';
import { fieldErrors, thisMonth } from './shared';

const requiredField = required('validation.required');
const NO_RECORD = {};
/** Empty optional fields go as null (an open period, no upper end, no fixed sum). */
const blankAsNull = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === undefined ? null : v]));

interface DialogProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The bonus dialog: a schema's name, type, base, currency and period (POST /bonuses, with id to change it). */
export function BonusDialog({ open, onClose, onDone, schema }: DialogProps & { schema?: BonusSchema }) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await provider.saveBonusSchema({ ...blankAsNull(values), ...(schema ? { id: schema.id } : {}) });
      notify('bonuses.saved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      return fieldErrors(error, notify);
    }
  };
  // only the fields the call takes: the schema's tiers and dates stay out of the body
  const defaults = schema
    ? {
        name: schema.name,
        kind: schema.kind,
        base: schema.base,
        currency: schema.currency,
        period_from: schema.period_from,
        period_to: schema.period_to ?? '',
      }
    : { name: '', kind: 'individual', base: 'signed', currency: 'GEL', period_from: thisMonth(), period_to: '' };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <Form onSubmit={submit} record={NO_RECORD} defaultValues={defaults}>
        <DialogTitle>{translate(schema ? 'bonuses.edit_schema' : 'bonuses.new_schema')}</DialogTitle>
        <DialogContent>
          <TextInput source="name" label="bonuses.name" validate={requiredField} fullWidth />
          <SelectInput
            source="kind"
            label="bonuses.kind"
            choices={BONUS_KINDS.map((id) => ({ id, name: `bonuses.kinds.${id}` }))}
            validate={requiredField}
            fullWidth
          />
          <SelectInput
            source="base"
            label="bonuses.base"
            choices={BONUS_BASES.map((id) => ({ id, name: `bonuses.bases.${id}` }))}
            validate={requiredField}
            fullWidth
          />
          <SelectInput source="currency" label="bonuses.currency" choices={CURRENCY_CHOICES} validate={requiredField} />
          <TextInput source="period_from" label="bonuses.period_from" type="month" validate={requiredField} />
          <TextInput source="period_to" label="bonuses.period_to" type="month" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The bonus item dialog: a tier [from, to) with a bonus percent or a fixed amount (POST /bonuses/{id}/items). */
export function BonusItemDialog({ open, onClose, onDone, schema }: DialogProps & { schema: BonusSchema | null }) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const submit = async (values: Record<string, unknown>) => {
    if (!schema) return;
    try {
      await provider.addBonusTier(schema.id, blankAsNull(values));
      notify('bonuses.saved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      return fieldErrors(error, notify);
    }
  };
  const last = schema?.items.at(-1);
  return (
    <Dialog open={open && schema !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <Form
        resetOptions={KEEP_TYPED}
        onSubmit={submit}
        record={NO_RECORD}
        defaultValues={{ percent_from: last?.percent_to ?? 0, percent_to: '', bonus_percent: '', fixed_amount: '' }}
      >
        <DialogTitle>
          {translate('bonuses.tier_dialog')}: {schema?.name}
        </DialogTitle>
        <DialogContent>
          <NumberInput source="percent_from" label="bonuses.percent_from" validate={requiredField} fullWidth />
          <NumberInput source="percent_to" label="bonuses.percent_to" fullWidth />
          <NumberInput source="bonus_percent" label="bonuses.bonus_percent" fullWidth />
          <NumberInput source="fixed_amount" label="bonuses.fixed_amount" fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The sale target dialog: a manager (or the whole group), a month, an amount and currency (POST /sale-targets). */
export function SaleTargetDialog({ open, onClose, onDone, month }: DialogProps & { month: string }) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const { data: managers = [] } = useQuery({
    queryKey: ['responsibleManagers'],
    queryFn: () => provider.responsibleManagers(),
    enabled: open,
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      await provider.saveSaleTarget(blankAsNull(values));
      notify('bonuses.saved', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      return fieldErrors(error, notify);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <Form onSubmit={submit} record={NO_RECORD} defaultValues={{ user_id: '', month, amount: '', currency: 'GEL' }}>
        <DialogTitle>{translate('bonuses.target_dialog')}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="user_id"
            label="bonuses.target_user"
            choices={managers.map((m) => ({ id: m.id, name: m.full_name }))}
            emptyText="bonuses.whole_group"
            fullWidth
          />
          <TextInput source="month" label="bonuses.month" type="month" validate={requiredField} />
          <NumberInput source="amount" label="bonuses.amount" validate={requiredField} fullWidth />
          <SelectInput source="currency" label="bonuses.currency" choices={CURRENCY_CHOICES} validate={requiredField} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
