import { useState } from 'react';
import { Button, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  CreateBase,
  Datagrid,
  FunctionField,
  List,
  SaveButton,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  maxLength,
  regex,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ALL_ROWS, DeleteWithConfirmButton, EmptyList, NumberField, PhoneCards, useLocaleFormat } from '../../widgets';
import { useCan } from '../../layout/useCan';
import type { Bank } from '../bankAccounts/types';

/** SWIFT/BIC: 4 letters of bank, 2 of country, 2 of place, and an optional 3-character branch. */
const SWIFT_PATTERN = /^[A-Za-z]{4}[A-Za-z]{2}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/;

/** A bank's SWIFT code, in monospace. */
const swiftCode = (bank: Bank) => <span style={{ fontFamily: 'monospace' }}>{bank.code}</span>;

function DialogToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>{translate('sites.banks.cancel')}</Button>
      <SaveButton label="sites.banks.save" alwaysEnable />
    </Toolbar>
  );
}

/** The 'bank' dialog: adds a bank. */
function BankDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bank-dialog-title">
      <DialogTitle id="bank-dialog-title">{translate('sites.banks.dialog_title')}</DialogTitle>
      <DialogContent sx={{ px: 1, pb: 0 }}>
        {open && (
          <CreateBase
            resource="banks"
            redirect={false}
            transform={(data: Record<string, string>) => ({
              ...data,
              code: data.code?.trim().toUpperCase(),
              iban_code: data.iban_code?.trim().toUpperCase(),
            })}
            mutationOptions={{
              onSuccess: () => {
                notify('sites.banks.saved', { type: 'success' });
                refresh();
                onClose();
              },
            }}
          >
            <SimpleForm toolbar={<DialogToolbar onCancel={onClose} />}>
              <TextInput source="title" validate={[required(), maxLength(120)]} fullWidth />
              <TextInput source="title_en" validate={maxLength(120)} fullWidth />
              <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
                <TextInput
                  source="code"
                  validate={[required(), regex(SWIFT_PATTERN, 'sites.swift_format')]}
                  helperText="sites.banks.code_help"
                  fullWidth
                />
                <TextInput
                  source="iban_code"
                  validate={[required(), regex(/^[A-Za-z]{2}$/, 'sites.iban_code_format')]}
                  helperText="sites.banks.iban_code_help"
                  fullWidth
                />
              </Stack>
            </SimpleForm>
          </CreateBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The 'add a bank' button and its dialog, for a user who may add banks. */
function AddBankButton() {
  const translate = useTranslate();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('banks', 'create')) return null;
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('sites.banks.add')}
      </Button>
      <BankDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <AddBankButton />
    </TopToolbar>
  );
}

/**
 * /banks: the banks (the 15 Georgian banks and any added), open to every signed-in user;
 * adding and deleting need their permissions.
 */
export function BankList() {
  const can = useCan();
  const translate = useTranslate();
  const { number } = useLocaleFormat();
  const filters = [<SearchInput key="q" source="q" alwaysOn />];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      perPage={ALL_ROWS}
      pagination={false}
      sort={{ field: 'id', order: 'ASC' }}
      empty={
        <EmptyList>
          <AddBankButton />
        </EmptyList>
      }
    >
      <PhoneCards<Bank>
        primaryText={(bank) => bank.title}
        secondaryText={(bank) =>
          [
            bank.title_en,
            bank.iban_code && `${translate('resources.banks.fields.iban_code')}: ${bank.iban_code}`,
            `${translate('resources.banks.fields.accounts_count')}: ${number(bank.accounts_count)}`,
          ]
            .filter(Boolean)
            .join(' · ')
        }
        tertiaryText={swiftCode}
        rowClick={false}
        actions={can('banks', 'delete') && <DeleteWithConfirmButton redirect={false} />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="title" />
          <TextField source="title_en" />
          <FunctionField source="code" render={swiftCode} />
          <TextField source="iban_code" />
          <NumberField source="accounts_count" sortable={false} />
          {can('banks', 'delete') && <DeleteWithConfirmButton redirect={false} />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
