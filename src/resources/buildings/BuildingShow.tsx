import { useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { EditButton, Show, TopToolbar, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { PROPERTY_STATES } from '../../../domain/inventory';
import { useCan, useCanOpen } from '../../layout/useCan';
import { BoardButton } from '../../pages/board';
import { DeleteWithConfirmButton, LinkValue } from '../../widgets';
import { BankAccountDialog } from '../bankAccounts/BankAccountDialog';
import { BankAccountGroups } from '../bankAccounts/BankAccountGroups';
import { FacsimileThumb } from './FacsimileThumb';
import type { Building } from './types';

const useCanOpenBoard = () => useCanOpen()('/properties');

function ShowActions() {
  const can = useCan();
  const record = useRecordContext<Building>();
  const canEdit = can('buildings', 'edit');
  const boardOpens = useCanOpenBoard();
  return (
    <TopToolbar>
      {boardOpens && record && <BoardButton buildingId={record.id} />}
      {canEdit && <EditButton />}
      {canEdit && can('buildings', 'delete') && <DeleteWithConfirmButton />}
    </TopToolbar>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** A titled card of the building's page: a region named by its title. */
function SectionCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1.5 }} gap={1}>
          <Typography variant="h6" id={titleId}>
            {translate(title)}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function BlocksTable({ building }: { building: Building }) {
  const translate = useTranslate();
  const boardOpens = useCanOpenBoard();
  if (!building.blocks.length)
    return <Typography color="text.secondary">{translate('sites.building.no_blocks')}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('sites.building.block_name')}</TableCell>
          <TableCell align="right">{translate('sites.building.floors')}</TableCell>
          <TableCell align="right">{translate('sites.building.properties_count')}</TableCell>
          {boardOpens && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {building.blocks.map((block) => (
          <TableRow key={block.id}>
            <TableCell>{block.name}</TableCell>
            <TableCell align="right">{block.floors ?? '—'}</TableCell>
            <TableCell align="right">{block.properties_count}</TableCell>
            {boardOpens && (
              <TableCell align="right" sx={{ py: 0 }}>
                <BoardButton buildingId={building.id} blockId={block.id} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AccountsSection({ building }: { building: Building }) {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const canAdd = can('bank-accounts', 'create');
  return (
    <SectionCard
      title="sites.building.bank_accounts"
      action={
        canAdd && (
          <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
            {translate('sites.accounts.add')}
          </Button>
        )
      }
    >
      <BankAccountGroups accounts={building.bank_accounts ?? []} />
      {canAdd && (
        <BankAccountDialog open={open} onClose={() => setOpen(false)} buildingId={building.id} onSaved={refresh} />
      )}
    </SectionCard>
  );
}

function BuildingDetails() {
  const translate = useTranslate();
  const building = useRecordContext<Building>();
  if (!building) return null;
  return (
    <Stack gap={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <SectionCard title="sites.building.details">
        <Stack direction="row" gap={2} alignItems="flex-start" sx={{ mb: 2 }}>
          <FacsimileThumb url={building.facsimile_url} name={building.name} />
          <Box>
            <Typography variant="h5">{building.name}</Typography>
            <Typography color="text.secondary">{building.address}</Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          <Detail label="sites.building.cad_code">{building.cad_code}</Detail>
          <Detail label="sites.building.company">{building.company_name}</Detail>
          <Detail label="sites.building.director">{building.director}</Detail>
          <Detail label="sites.building.director_pid">{building.director_pid}</Detail>
          <Detail label="sites.building.manager_name">{building.manager_name}</Detail>
          <Detail label="sites.building.phone">
            {building.phone ? <LinkValue mode="phone" value={building.phone} /> : null}
          </Detail>
          <Detail label="sites.building.email">
            {building.email ? <LinkValue mode="email" value={building.email} /> : null}
          </Detail>
          <Detail label="sites.building.notifiable">
            {translate(building.notifiable ? 'sites.building.yes' : 'sites.building.no')}
          </Detail>
        </Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 2, mb: 0.5 }}>
          {translate('sites.building.property_states')}
        </Typography>
        <Stack direction="row" gap={1} flexWrap="wrap">
          {PROPERTY_STATES.map((state) => (
            <Chip
              key={state}
              size="small"
              variant="outlined"
              label={building.property_states[state]}
              title={translate(`sites.states.${state}`)}
            />
          ))}
        </Stack>
      </SectionCard>
      <SectionCard title="sites.building.blocks">
        <BlocksTable building={building} />
      </SectionCard>
      <AccountsSection building={building} />
    </Stack>
  );
}

function ShowTitle() {
  const record = useRecordContext<Building>();
  return <>{record?.name ?? ''}</>;
}

export function BuildingShow() {
  return (
    <Show
      actions={<ShowActions />}
      title={<ShowTitle />}
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <BuildingDetails />
    </Show>
  );
}
