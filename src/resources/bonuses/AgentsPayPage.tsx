import { businessToday } from '../../../domain/businessDay';
import { Fragment, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PaidIcon from '@mui/icons-material/Paid';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AGENT_FEE_RULES, type AgentFeeRule } from '../../../domain/bonuses';
import type { AgentSaleFee } from '../../../domain/contracts/bonuses';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useLocaleFormat } from '../../widgets';
import { BonusTabs } from './shared';
import { isIsoDay } from '../../../domain/dateFormats';

const STATUS_COLOURS = { not_due: 'default', must_paid: 'warning', paid: 'success' } as const;
const firstOfYear = () => `${new Date().getFullYear()}-01-01`;
const today = () => businessToday();

/** The rule that makes an agent's fee due, chosen for every agent at once. */
function AgentFeeRuleChoice({
  rule,
  disabled,
  onChange,
}: {
  rule: AgentFeeRule;
  disabled: boolean;
  onChange: (rule: AgentFeeRule) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('bonuses.rule')}:
      </Typography>
      <RadioGroup row value={rule} onChange={(e) => onChange(e.target.value as AgentFeeRule)}>
        {AGENT_FEE_RULES.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            disabled={disabled}
            control={<Radio size="small" />}
            label={translate(`bonuses.rules.${choice}`)}
            data-testid={`agent-fee-rule-${choice}`}
          />
        ))}
      </RadioGroup>
    </Stack>
  );
}

/** One sale of an agent: its fee, what is earned, due and paid, a tick to mark it paid and the paid/due switch. */
function AgentSaleRow({
  sale,
  mayPay,
  switchable,
  selected,
  onSelect,
  onSwitch,
}: {
  sale: AgentSaleFee;
  mayPay: boolean;
  switchable: boolean;
  selected: boolean;
  onSelect: () => void;
  onSwitch: () => void;
}) {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell padding="checkbox">
        {mayPay && sale.must_paid > 0 && <Checkbox size="small" checked={selected} onChange={onSelect} />}
      </TableCell>
      <TableCell>
        <Link to={`/sales/${sale.sale_id}/show`}>{sale.contract_no}</Link>
      </TableCell>
      <TableCell align="right">{formatAmount(sale.price, sale.currency)}</TableCell>
      <TableCell align="right">
        {formatAmount(sale.fee, sale.currency)} ({sale.agent_fee_percent}%)
      </TableCell>
      <TableCell align="right">{formatAmount(sale.earned, sale.currency)}</TableCell>
      <TableCell align="right">{formatAmount(sale.must_paid, sale.currency)}</TableCell>
      <TableCell align="right">{formatAmount(sale.paid, sale.currency)}</TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOURS[sale.status]} label={translate(`bonuses.statuses.${sale.status}`)} />
      </TableCell>
      <TableCell>
        {switchable && sale.status !== 'not_due' && (
          <Button size="small" startIcon={<SwapHorizIcon />} onClick={onSwitch}>
            {translate('bonuses.toggle')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * /bonuses/agents: each agent's sales of the period with the fee, what is due and what was paid (POST
 * /bonuses/getAgentsBonus); the per-sale paid/due toggle of the sale page, marking several paid at once, and the rule
 * that makes a fee due (the whole fee after the minimum income, or in proportion to what the buyer has paid).
 */
export function AgentsPayPage() {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const can = useCan();
  const [period, setPeriod] = useState({ date_from: firstOfYear(), date_to: today() });
  const [selected, setSelected] = useState<number[]>([]);
  const { data, isPending, refetch } = useQuery({
    queryKey: ['agentsBonus', period],
    queryFn: () => provider.agentsBonus(period),
    enabled: isIsoDay(period.date_from) && isIsoDay(period.date_to),
  });
  const mayPay = can('agents-pay', 'edit');
  const mayChangeRule = can('bonuses', 'edit');
  const toggle = (sale: AgentSaleFee) =>
    setSelected((s) => (s.includes(sale.sale_id) ? s.filter((id) => id !== sale.sale_id) : [...s, sale.sale_id]));
  const act = async (action: () => Promise<unknown>, message?: string) => {
    try {
      await action();
      if (message) notify(message, { type: 'success' });
      setSelected([]);
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const markSelected = () =>
    act(async () => {
      const done = await provider.markAgentFeesPaid(selected);
      notify('bonuses.marked_paid', { type: 'success', messageArgs: { count: done.paid.length } });
    });
  const setRule = (rule: AgentFeeRule) =>
    act(() => provider.saveBonusSettings({ agent_fee_rule: rule }), 'bonuses.saved');
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('bonuses.tabs.agents')} />
      <BonusTabs value="agents" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label={translate('bonuses.date_from')}
          value={period.date_from}
          onChange={(e) => setPeriod((p) => ({ ...p, date_from: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('bonuses.date_to')}
          value={period.date_to}
          onChange={(e) => setPeriod((p) => ({ ...p, date_to: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
        {mayPay && (
          <Button
            variant="contained"
            startIcon={<PaidIcon />}
            disabled={!selected.length}
            onClick={markSelected}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {translate('bonuses.mark_paid')}
          </Button>
        )}
      </Stack>
      {data && <AgentFeeRuleChoice rule={data.rule} disabled={!mayChangeRule} onChange={setRule} />}
      {isPending || !data ? (
        <Loading />
      ) : (
        <Card>
          <CardContent sx={{ overflowX: 'auto' }}>
            {!data.rows.length && <Typography color="text.secondary">{translate('bonuses.no_agents')}</Typography>}
            {data.rows.length > 0 && (
              <Table size="small" sx={{ minWidth: 1100, '& td, & th': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{translate('bonuses.contract_no')}</TableCell>
                    <TableCell align="right">{translate('bonuses.amount')}</TableCell>
                    <TableCell align="right">{translate('bonuses.fee')}</TableCell>
                    <TableCell align="right">{translate('bonuses.earned')}</TableCell>
                    <TableCell align="right">{translate('bonuses.must_paid')}</TableCell>
                    <TableCell align="right">{translate('bonuses.paid')}</TableCell>
                    <TableCell>{translate('bonuses.status')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((agent) => (
                    <Fragment key={`${agent.agent_id}-${agent.currency}`}>
                      <TableRow sx={{ bgcolor: 'action.hover', '& td': { fontWeight: 'bold' } }}>
                        <TableCell />
                        <TableCell colSpan={2}>
                          <Link to={`/agents/${agent.agent_id}/show`}>{agent.agent_name}</Link> ({agent.currency})
                        </TableCell>
                        <TableCell align="right">{formatAmount(agent.fee, agent.currency)}</TableCell>
                        <TableCell align="right">{formatAmount(agent.earned, agent.currency)}</TableCell>
                        <TableCell align="right">{formatAmount(agent.must_paid, agent.currency)}</TableCell>
                        <TableCell align="right">{formatAmount(agent.paid, agent.currency)}</TableCell>
                        <TableCell colSpan={2} />
                      </TableRow>
                      {agent.sales.map((sale) => (
                        <AgentSaleRow
                          key={sale.sale_id}
                          sale={sale}
                          mayPay={mayPay}
                          switchable={mayPay && data.rule === 'threshold'}
                          selected={selected.includes(sale.sale_id)}
                          onSelect={() => toggle(sale)}
                          onSwitch={() => act(() => provider.switchAgentFeeStatus(sale.sale_id), 'bonuses.saved')}
                        />
                      ))}
                    </Fragment>
                  ))}
                  {data.totals.map((total) => (
                    <TableRow key={total.currency} sx={{ '& td': { fontWeight: 'bold' } }}>
                      <TableCell />
                      <TableCell colSpan={2}>
                        {translate('bonuses.total')} ({total.currency})
                      </TableCell>
                      <TableCell align="right">{formatAmount(total.fee, total.currency)}</TableCell>
                      <TableCell />
                      <TableCell align="right">{formatAmount(total.must_paid, total.currency)}</TableCell>
                      <TableCell align="right">{formatAmount(total.paid, total.currency)}</TableCell>
                      <TableCell colSpan={2} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
