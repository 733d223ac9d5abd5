import { useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import type { BonusSchema } from '../../../domain/contracts/bonuses';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useConfirm, useLocaleFormat } from '../../widgets';
import { BonusDialog, BonusItemDialog, SaleTargetDialog } from './BonusDialogs';
import { BonusTabs, MonthPicker, thisMonth, useTierText } from './shared';

/** One schema with its tiers, the tier and edit buttons. */
function SchemaCard({
  schema,
  onEdit,
  onAddTier,
  onChanged,
}: {
  schema: BonusSchema;
  onEdit: () => void;
  onAddTier: () => void;
  onChanged: () => void;
}) {
  const tierOf = useTierText();
  const translate = useTranslate();
  const titleId = useId();
  const can = useCan();
  const provider = useAppData();
  const notify = useNotify();
  const confirm = useConfirm();
  const run = async (action: () => Promise<void>) => {
    if (!(await confirm('app.delete_confirm'))) return;
    try {
      await action();
      notify('bonuses.deleted', { type: 'success' });
      onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const period = schema.period_to
    ? `${schema.period_from} — ${schema.period_to}`
    : translate('bonuses.open_period', { from: schema.period_from });
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h6" id={titleId}>
            {schema.name}
          </Typography>
          <Chip size="small" label={translate(`bonuses.kinds.${schema.kind}`)} />
          <Chip size="small" label={translate(`bonuses.bases.${schema.base}`)} />
          <Chip size="small" label={schema.currency} />
          <Chip size="small" variant="outlined" label={period} />
          <Box sx={{ flexGrow: 1 }} />
          {can('bonuses', 'edit') && (
            <IconButton aria-label={translate('ra.action.edit')} onClick={onEdit}>
              <EditIcon />
            </IconButton>
          )}
          {can('bonuses', 'delete') && (
            <IconButton
              aria-label={translate('ra.action.delete')}
              onClick={() => run(() => provider.deleteBonusSchema(schema.id))}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {translate('bonuses.tiers')}
        </Typography>
        {!schema.items.length && <Typography color="text.secondary">{translate('bonuses.no_tiers')}</Typography>}
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
          {schema.items.map((tier) => (
            <Chip
              key={tier.id}
              label={tierOf(tier, schema.currency)}
              data-testid={`tier-${tier.id}`}
              onDelete={
                can('bonuses', 'edit') ? () => run(() => provider.deleteBonusTier(schema.id, tier.id)) : undefined
              }
            />
          ))}
          {can('bonuses', 'edit') && (
            <Button size="small" startIcon={<AddIcon />} onClick={onAddTier} data-testid={`add-tier-${schema.id}`}>
              {translate('bonuses.add_tier')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The month's sale targets, with the sale target dialog. */
function TargetsCard() {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  const titleId = useId();
  const can = useCan();
  const provider = useAppData();
  const notify = useNotify();
  const confirm = useConfirm();
  const [month, setMonth] = useState(thisMonth);
  const [dialog, setDialog] = useState(false);
  const { data = [], refetch } = useQuery({
    queryKey: ['saleTargets', month],
    queryFn: () => provider.saleTargets(month),
  });
  const remove = async (id: number) => {
    if (!(await confirm('app.delete_confirm'))) return;
    await provider.deleteSaleTarget(id);
    notify('bonuses.deleted', { type: 'success' });
    await refetch();
  };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" id={titleId}>
            {translate('bonuses.targets')}
          </Typography>
          <MonthPicker value={month} onChange={setMonth} />
          {can('sale-targets', 'create') && (
            <Button startIcon={<AddIcon />} onClick={() => setDialog(true)}>
              {translate('bonuses.set_target')}
            </Button>
          )}
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('bonuses.manager')}</TableCell>
              <TableCell align="right">{translate('bonuses.target')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.user_name ?? <em>{translate('bonuses.whole_group')}</em>}</TableCell>
                <TableCell align="right">{formatAmount(t.amount, t.currency)}</TableCell>
                <TableCell align="right">
                  {can('sale-targets', 'delete') && (
                    <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => remove(t.id)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!data.length && (
              <TableRow>
                <TableCell colSpan={3}>{translate('bonuses.no_targets')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
      <SaleTargetDialog open={dialog} onClose={() => setDialog(false)} onDone={() => refetch()} month={month} />
    </Card>
  );
}

/** /bonuses/schemas: the bonus schemas with their tiers (bonus and bonus item dialogs) and the sale targets. */
export function SchemasPage() {
  const translate = useTranslate();
  const can = useCan();
  const provider = useAppData();
  const client = useQueryClient();
  const { data, isPending, refetch } = useQuery({ queryKey: ['bonusSchemas'], queryFn: () => provider.bonusSchemas() });
  const [editing, setEditing] = useState<BonusSchema | null | 'new'>(null);
  const [tierOf, setTierOf] = useState<BonusSchema | null>(null);
  const changed = () => {
    void refetch();
    void client.invalidateQueries({ queryKey: ['bonusesByMonth'] });
  };
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('bonuses.title')} />
      <BonusTabs value="schemas" />
      {can('bonuses', 'create') && (
        <Button variant="contained" startIcon={<AddIcon />} sx={{ mb: 2 }} onClick={() => setEditing('new')}>
          {translate('bonuses.new_schema')}
        </Button>
      )}
      {isPending ? (
        <Loading />
      ) : (
        data?.map((schema) => (
          <SchemaCard
            key={schema.id}
            schema={schema}
            onEdit={() => setEditing(schema)}
            onAddTier={() => setTierOf(schema)}
            onChanged={changed}
          />
        ))
      )}
      <TargetsCard />
      {editing !== null && (
        <BonusDialog
          open
          schema={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onDone={changed}
        />
      )}
      <BonusItemDialog open={tierOf !== null} schema={tierOf} onClose={() => setTierOf(null)} onDone={changed} />
    </Box>
  );
}
