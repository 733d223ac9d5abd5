import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useRefresh, useTranslate } from 'react-admin';
import { formatIban } from '../../../domain/iban';
import { DeleteWithConfirmButton } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { BankAccountDialog } from './BankAccountDialog';
import type { BankAccount } from './types';

export interface AccountGroup {
  key: string;
  title: string;
  accounts: BankAccount[];
}

/** Accounts without a block form the group titled 'general' (first); the others one group per block. */
export function groupByBlock(
  accounts: BankAccount[],
  translate: (key: string, options?: Record<string, unknown>) => string,
): AccountGroup[] {
  const groups = new Map<string, AccountGroup>();
  const ordered = [...accounts].sort((a, b) => Number(a.block_id !== null) - Number(b.block_id !== null));
  for (const account of ordered) {
    const key = account.block_id === null ? 'general' : `block-${account.block_id}`;
    if (!groups.has(key)) {
      const title =
        account.block_id === null
          ? translate('sites.accounts.general')
          : translate('sites.accounts.block', { name: account.block_name ?? '' });
      groups.set(key, { key, title, accounts: [] });
    }
    groups.get(key)!.accounts.push(account);
  }
  return [...groups.values()];
}

function Line({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  if (!children) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, 38%) 1fr' }, columnGap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: mono ? 'monospace' : undefined, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function AccountCard({ account }: { account: BankAccount }) {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const bankId = useId();
  const label = (field: string) => translate(`resources.bank-accounts.fields.${field}`);
  const gelLabel = account.local_currency === 'GEL' ? label('iban') : `IBAN (${account.local_currency})`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={bankId}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" gap={1}>
          <Typography variant="subtitle1" fontWeight={600} id={bankId}>
            {account.bank_name}
          </Typography>
          <Stack direction="row" gap={0.5}>
            {can('bank-accounts', 'edit') && (
              <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {translate('ra.action.edit')}
              </Button>
            )}
            {can('bank-accounts', 'delete') && (
              <DeleteWithConfirmButton
                resource="bank-accounts"
                record={account}
                redirect={false}
                onDeleted={() => refresh()}
                size="small"
              />
            )}
          </Stack>
          <BankAccountDialog
            open={editing}
            onClose={() => setEditing(false)}
            account={account}
            onSaved={() => refresh()}
          />
        </Stack>
        <Stack gap={0.5} sx={{ mt: 1 }}>
          <Line label={gelLabel} mono>
            {account.iban && formatIban(account.iban)}
          </Line>
          <Line label={label('iban_usd')} mono>
            {account.iban_usd && formatIban(account.iban_usd)}
          </Line>
          <Line label={label('iban_eur')} mono>
            {account.iban_eur && formatIban(account.iban_eur)}
          </Line>
          <Line label={label('mediator_bank_usd')}>{account.mediator_bank_usd}</Line>
          <Line label={label('mediator_bank_eur')}>{account.mediator_bank_eur}</Line>
          <Line label={label('branch')}>{account.branch}</Line>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A group of accounts (the general ones, or a block's): a region named by its title. */
function Group({ group }: { group: AccountGroup }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography
        variant="overline"
        component="h3"
        id={titleId}
        sx={{ fontSize: 13, fontWeight: 600, color: 'text.secondary' }}
      >
        {group.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))' }}>
        {group.accounts.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </Box>
    </Box>
  );
}

/** One building's accounts, group by group. */
export function BankAccountGroups({
  accounts,
  emptyText = 'sites.accounts.none_in_building',
}: {
  accounts: BankAccount[];
  emptyText?: string;
}) {
  const translate = useTranslate();
  if (!accounts.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {translate(emptyText)}
      </Typography>
    );
  }
  return (
    <Stack gap={2}>
      {groupByBlock(accounts, translate).map((group) => (
        <Group key={group.key} group={group} />
      ))}
    </Stack>
  );
}
