import { useId, useState } from 'react';
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
import DownloadIcon from '@mui/icons-material/Download';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import { seesEveryonesBonus } from '../../../domain/bonuses';
import type { ManagerBonus, SchemaMonth } from '../../../domain/contracts/bonuses';
import { useCurrentUser } from '../../layout/useCurrentUser';
import { useAppData } from '../../providers/useAppData';
import { useLocaleFormat } from '../../widgets';
import { BonusDetailsDialog, type BonusDetailsRequest } from './BonusDetailsDialog';
import { exportBonuses } from './exportBonuses';
import { BonusTabs, GroupShare, MonthPicker, thisMonth, TierProgress, useTierText } from './shared';

type Open = (request: BonusDetailsRequest) => void;

function ManagerRow({
  schema,
  row,
  month,
  open,
}: {
  schema: SchemaMonth;
  row: ManagerBonus;
  month: string;
  open: Open;
}) {
  const { amount: formatAmount, percent: percentText } = useLocaleFormat();
  const tierOf = useTierText();
  const translate = useTranslate();
  const c = schema.currency;
  // a member of a group has no target, achievement or tier of their own: the group's line shows them once
  const member = schema.kind === 'group';
  return (
    <TableRow>
      <TableCell>{row.user_name}</TableCell>
      <TableCell align="right">{member ? '' : row.target === null ? '—' : formatAmount(row.target, c)}</TableCell>
      <TableCell align="right">{formatAmount(row.achieved, c)}</TableCell>
      {member && <TableCell align="right">{percentText(row.share_percent)}</TableCell>}
      <TableCell align="right">{member ? '' : percentText(row.achievement_percent)}</TableCell>
      <TableCell>{member ? '' : tierOf(row.tier, c)}</TableCell>
      <TableCell align="right">
        <strong>{formatAmount(row.bonus, c)}</strong>
      </TableCell>
      <TableCell>{!member && <TierProgress percent={row.achievement_percent} next={row.next_tier} />}</TableCell>
      <TableCell>
        <Button
          size="small"
          startIcon={<ManageSearchIcon />}
          onClick={() => open({ bonus_id: schema.bonus_id, user_id: row.user_id, month, user_name: row.user_name })}
        >
          {translate('bonuses.details')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * One schema's month: a row per manager and the totals; a group schema's target, achievement and tier once on the
 * group's line, each member's share of what was achieved and of the bonus below it, adding up to the group's.
 */
function SchemaMonthCard({ schema, month, open }: { schema: SchemaMonth; month: string; open: Open }) {
  const { amount: formatAmount, percent: percentText } = useLocaleFormat();
  const tierOf = useTierText();
  const translate = useTranslate();
  const c = schema.currency;
  const group = schema.kind === 'group';
  const shares = schema.rows.reduce((all, r) => all + Math.round((r.share_percent ?? 0) * 100), 0) / 100;
  const titleId = useId();
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          <Typography variant="h6" id={titleId}>
            {schema.name}
          </Typography>
          <Chip size="small" label={translate(`bonuses.kinds.${schema.kind}`)} />
          <Chip size="small" label={translate(`bonuses.bases.${schema.base}`)} />
          <Chip size="small" label={c} />
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('bonuses.manager')}</TableCell>
                <TableCell align="right">{translate('bonuses.target')}</TableCell>
                <TableCell align="right">{translate('bonuses.achieved')}</TableCell>
                {group && <TableCell align="right">{translate('bonuses.share')}</TableCell>}
                <TableCell align="right">{translate('bonuses.percent')}</TableCell>
                <TableCell>{translate('bonuses.tier')}</TableCell>
                <TableCell align="right">{translate('bonuses.bonus')}</TableCell>
                <TableCell>{translate('bonuses.progress')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {schema.group && (
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell>
                    <em>{translate('bonuses.group_line')}</em>
                  </TableCell>
                  <TableCell align="right">
                    {schema.group.target === null ? '—' : formatAmount(schema.group.target, c)}
                  </TableCell>
                  <TableCell align="right">{formatAmount(schema.group.achieved, c)}</TableCell>
                  <TableCell align="right">{percentText(schema.group.achieved > 0 ? 100 : null)}</TableCell>
                  <TableCell align="right">{percentText(schema.group.achievement_percent)}</TableCell>
                  <TableCell>{tierOf(schema.group.tier, c)}</TableCell>
                  <TableCell align="right">{formatAmount(schema.group.bonus, c)}</TableCell>
                  <TableCell>
                    <TierProgress percent={schema.group.achievement_percent} next={schema.group.next_tier} />
                  </TableCell>
                  <TableCell />
                </TableRow>
              )}
              {schema.rows.map((row) => (
                <ManagerRow key={row.user_id} schema={schema} row={row} month={month} open={open} />
              ))}
              {!schema.rows.length && (
                <TableRow>
                  <TableCell colSpan={group ? 9 : 8}>{translate('bonuses.nothing')}</TableCell>
                </TableRow>
              )}
              <TableRow sx={{ '& td': { fontWeight: 'bold' } }}>
                <TableCell>{translate('bonuses.total')}</TableCell>
                <TableCell align="right">{formatAmount(schema.totals.target, c)}</TableCell>
                <TableCell align="right">{formatAmount(schema.totals.achieved, c)}</TableCell>
                {group && <TableCell align="right">{schema.rows.length ? percentText(shares) : ''}</TableCell>}
                <TableCell />
                <TableCell />
                <TableCell align="right">{formatAmount(schema.totals.bonus, c)}</TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A sales manager's own figures of the month, one line per schema. */
function MyBonusCard({
  schemas,
  userId,
  month,
  open,
}: {
  schemas: SchemaMonth[];
  userId: number;
  month: string;
  open: Open;
}) {
  const { amount: formatAmount, percent: percentText } = useLocaleFormat();
  const translate = useTranslate();
  const mine = schemas.flatMap((s) => s.rows.filter((r) => r.user_id === userId).map((row) => ({ schema: s, row })));
  const titleId = useId();
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" gutterBottom id={titleId}>
          {translate('bonuses.my_bonus', { month })}
        </Typography>
        {!mine.length && <Typography color="text.secondary">{translate('bonuses.my_bonus_empty')}</Typography>}
        {mine.map(({ schema, row }) => (
          <Stack
            key={schema.bonus_id}
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            alignItems="center"
            sx={{ py: 1 }}
            role="group"
            aria-labelledby={`${titleId}-${schema.bonus_id}`}
          >
            <Typography sx={{ minWidth: 200 }} id={`${titleId}-${schema.bonus_id}`}>
              {schema.name}
            </Typography>
            {schema.group ? (
              <GroupShare schema={schema} row={row} />
            ) : (
              <>
                <Typography>
                  {translate('bonuses.target')}: {row.target === null ? '—' : formatAmount(row.target, schema.currency)}
                </Typography>
                <Typography>
                  {translate('bonuses.achieved')}: {formatAmount(row.achieved, schema.currency)} (
                  {percentText(row.achievement_percent)})
                </Typography>
              </>
            )}
            <Typography variant="h6" sx={{ whiteSpace: 'nowrap' }}>
              {formatAmount(row.bonus, schema.currency)}
            </Typography>
            <TierProgress
              percent={schema.group?.achievement_percent ?? row.achievement_percent}
              next={schema.group?.next_tier ?? row.next_tier}
            />
            <Button
              size="small"
              onClick={() => open({ bonus_id: schema.bonus_id, user_id: userId, month, user_name: row.user_name })}
            >
              {translate('bonuses.details')}
            </Button>
          </Stack>
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * /bonuses: the month's bonuses (POST /bonuses/getBonusByMonth). Managers and admins see every manager of every
 * schema covering the month, with the totals and the Excel export; a sales manager sees their own card only.
 */
export function BonusesPage() {
  const translate = useTranslate();
  const provider = useAppData();
  const user = useCurrentUser();
  const [month, setMonth] = useState(thisMonth);
  const [details, setDetails] = useState<BonusDetailsRequest | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['bonusesByMonth', month],
    queryFn: () => provider.bonusesByMonth(month),
  });
  const everyone = user ? seesEveryonesBonus(user) : false;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('bonuses.title')} />
      <BonusTabs value="month" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <MonthPicker value={month} onChange={setMonth} />
        {everyone && (
          <Button
            startIcon={<DownloadIcon />}
            disabled={!data?.schemas.length}
            onClick={() => data && exportBonuses(data, translate)}
          >
            {translate('bonuses.export')}
          </Button>
        )}
      </Stack>
      {isPending || !data || !user ? (
        <Loading />
      ) : (
        <>
          {!data.schemas.length && <Typography color="text.secondary">{translate('bonuses.no_schemas')}</Typography>}
          {data.schemas.some((s) => s.rows.some((r) => r.user_id === user.id)) || !everyone ? (
            <MyBonusCard schemas={data.schemas} userId={user.id} month={month} open={setDetails} />
          ) : null}
          {everyone &&
            data.schemas.map((schema) => (
              <SchemaMonthCard key={schema.bonus_id} schema={schema} month={month} open={setDetails} />
            ))}
        </>
      )}
      <BonusDetailsDialog request={details} onClose={() => setDetails(null)} />
    </Box>
  );
}
