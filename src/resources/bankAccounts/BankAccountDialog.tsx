import { Button, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  CreateBase,
  EditBase,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useGetList,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ibanBankCode, ibanError, IBAN_MESSAGES } from '../../../domain/iban';
import { ALL_ROWS } from '../../widgets';
import type { Building } from '../buildings/types';
import type { Bank, BankAccount } from './types';

const IBAN_FIELDS = ['iban', 'iban_usd', 'iban_eur'] as const;
const CURRENCIES = ['GEL', 'USD', 'EUR'].map((code) => ({ id: code, name: code }));

/** The same IBAN rules the server applies: the Georgian shape, mod-97, the chosen bank's code, at least one. */
const ibanRule = (banks: Bank[]) => (value: unknown, values: Record<string, unknown>) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  const error = ibanError(text);
  if (error) return error;
  const bank = banks.find((b) => b.id === values.bank_id);
  if (bank?.iban_code && ibanBankCode(text) !== bank.iban_code)
    return { message: IBAN_MESSAGES.bankMismatch, args: { bank: bank.name, code: bank.iban_code } };
  return undefined;
};
const oneIbanAtLeast = (_value: unknown, values: Record<string, unknown>) =>
  IBAN_FIELDS.some((field) => typeof values[field] === 'string' && (values[field] as string).trim())
    ? undefined
    : 'sites.iban_one_required';

function BlockInput() {
  const translate = useTranslate();
  const buildingId = useWatch({ name: 'building_id' }) as number | undefined;
  const { data: building } = useGetOne<Building>('buildings', { id: buildingId! }, { enabled: Boolean(buildingId) });
  const choices = [
    { id: 'general', name: translate('sites.accounts.block_general') },
    ...(building?.blocks ?? []).map((b) => ({ id: b.id, name: b.name })),
  ];
  return (
    <SelectInput
      source="block_id"
      choices={choices}
      validate={required()}
      disabled={!buildingId}
      helperText={buildingId ? false : 'sites.accounts.choose_building_first'}
      fullWidth
    />
  );
}

function DialogToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>{translate('sites.accounts.cancel')}</Button>
      <SaveButton label="sites.accounts.save" alwaysEnable />
    </Toolbar>
  );
}

const saveable = (data: Record<string, unknown>) => ({
  ...data,
  block_id: data.block_id === 'general' ? '' : data.block_id,
});

/** The account's fields; a changed account's block shows 'general' where it has none. */
function AccountForm({ buildingId, banks, onCancel }: { buildingId?: number; banks: Bank[]; onCancel: () => void }) {
  const record = useRecordContext<BankAccount>();
  const rule = ibanRule(banks);
  return (
    <SimpleForm
      record={record ? { ...record, block_id: record.block_id ?? 'general' } : undefined}
      defaultValues={record ? undefined : { building_id: buildingId, block_id: 'general', local_currency: 'GEL' }}
      toolbar={<DialogToolbar onCancel={onCancel} />}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        {buildingId ? null : (
          <ReferenceInput
            source="building_id"
            reference="buildings"
            perPage={ALL_ROWS}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput optionText="name" validate={required()} fullWidth />
          </ReferenceInput>
        )}
        <BlockInput />
      </Stack>
      <SelectInput source="bank_id" choices={banks} optionText="name" validate={required()} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <TextInput
          source="iban"
          validate={[rule, oneIbanAtLeast]}
          helperText="sites.accounts.iban_help"
          fullWidth
          sx={{ flex: 2 }}
        />
        <SelectInput source="local_currency" choices={CURRENCIES} validate={required()} sx={{ flex: 1 }} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <TextInput source="iban_usd" validate={rule} fullWidth />
        <TextInput source="iban_eur" validate={rule} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <TextInput source="mediator_bank_usd" multiline minRows={2} fullWidth />
        <TextInput source="mediator_bank_eur" multiline minRows={2} fullWidth />
      </Stack>
      <TextInput source="branch" fullWidth />
    </SimpleForm>
  );
}

/**
 * The 'bank account' dialog: adds an account to a building (fixed when opened from the building's page), or
 * changes `account` (its IBAN mended, say) when given one.
 */
export function BankAccountDialog({
  open,
  onClose,
  buildingId,
  account,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  buildingId?: number;
  account?: BankAccount;
  onSaved?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: banks = [] } = useGetList<Bank>(
    'banks',
    { pagination: { page: 1, perPage: ALL_ROWS }, sort: { field: 'id', order: 'ASC' } },
    { enabled: open },
  );
  const saved = (message: string) => ({
    onSuccess: () => {
      notify(message, { type: 'success' });
      onSaved?.();
      onClose();
    },
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="bank-account-dialog-title">
      <DialogTitle id="bank-account-dialog-title">
        {translate(account ? 'sites.accounts.edit_title' : 'sites.accounts.dialog_title')}
      </DialogTitle>
      <DialogContent sx={{ px: 1, pb: 0 }}>
        {open &&
          (account ? (
            <EditBase
              resource="bank-accounts"
              id={account.id}
              redirect={false}
              mutationMode="pessimistic"
              transform={saveable}
              mutationOptions={saved('sites.accounts.changed')}
            >
              <AccountForm banks={banks} onCancel={onClose} />
            </EditBase>
          ) : (
            <CreateBase
              resource="bank-accounts"
              redirect={false}
              transform={saveable}
              mutationOptions={saved('sites.accounts.saved')}
            >
              <AccountForm buildingId={buildingId} banks={banks} onCancel={onClose} />
            </CreateBase>
          ))}
      </DialogContent>
    </Dialog>
  );
}
