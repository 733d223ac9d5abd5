import { useId, useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { List, SearchInput, TopToolbar, useListContext, useRefresh, useTranslate } from 'react-admin';
import { ALL_ROWS } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { BankAccountDialog } from './BankAccountDialog';
import { BankAccountGroups } from './BankAccountGroups';
import type { BankAccount } from './types';

function Actions() {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!can('bank-accounts', 'create')) return <TopToolbar />;
  return (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('sites.accounts.add')}
      </Button>
      <BankAccountDialog open={open} onClose={() => setOpen(false)} onSaved={refresh} />
    </TopToolbar>
  );
}

/** A building's card of accounts: a region named by the building. */
function BuildingAccounts({ name, accounts }: { name: string; accounts: BankAccount[] }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" gutterBottom id={titleId}>
          {name}
        </Typography>
        <BankAccountGroups accounts={accounts} />
      </CardContent>
    </Card>
  );
}

/** The accounts, one card per building, grouped inside it by block ('general' first). */
function AccountsByBuilding() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<BankAccount>();
  if (isPending) return null;
  if (!data?.length) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {translate('sites.accounts.empty')}
      </Typography>
    );
  }
  const buildings = new Map<number, { name: string; accounts: BankAccount[] }>();
  for (const account of data) {
    if (!buildings.has(account.building_id))
      buildings.set(account.building_id, { name: account.building_name, accounts: [] });
    buildings.get(account.building_id)!.accounts.push(account);
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2 }}>
      {[...buildings.entries()].map(([id, building]) => (
        <BuildingAccounts key={id} name={building.name} accounts={building.accounts} />
      ))}
    </Box>
  );
}

/** /bank-accounts: every account the user's building scope allows, per building, with the add dialog. */
export function BankAccountList() {
  const filters = [<SearchInput key="q" source="q" alwaysOn />];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      perPage={ALL_ROWS}
      pagination={false}
      empty={false}
      sort={{ field: 'group', order: 'ASC' }}
    >
      <AccountsByBuilding />
    </List>
  );
}
