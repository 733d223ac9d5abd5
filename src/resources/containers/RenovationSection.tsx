import { useState } from 'react';
import { Button, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useTranslate } from 'react-admin';
import { clientConfig } from '../../providers/config';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { DetailItem } from '../../widgets/DetailItem';
import { useLocaleFormat } from '../../widgets';
import { Section } from '../sales/SaleSections';
import { InvoiceButton } from '../payments';
import { AddRenovationDialog } from './AddRenovationDialog';
import { ContainerStatus, RenovationPayButton } from './RenovationParts';

export interface RenovationSale {
  id: number;
  status: string;
  currency: string;
  renovation_price: number | null;
  renovation_paid: number | null;
  renovation_debt: number | null;
}

/**
 * The sale page's renovation: the sale's renovation price, paid and debt (kept by the ledger), its containers with
 * their status, a pay button each, and "add renovation". Hidden when MODULE_SERVICES is off or the user may not see
 * containers.
 */
export function RenovationSection({ sale, onChanged }: { sale: RenovationSale; onChanged: () => void }) {
  const { amount: formatAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const can = useCan();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const visible = clientConfig().flags.services && can('service-containers', 'list');
  const { data: containers = [] } = useQuery({
    queryKey: ['saleContainers', sale.id],
    queryFn: () => provider.saleContainers(sale.id),
    enabled: visible,
  });
  if (!visible) return null;
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['saleContainers', sale.id] });
    onChanged();
  };
  const money = (amount: number | null) => formatAmount(amount ?? 0, sale.currency);
  const c = (k: string) => translate(`resources.service-containers.fields.${k}`);
  return (
    <Section title={translate('containers.renovation')}>
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <DetailItem label={c('price')}>{money(sale.renovation_price)}</DetailItem>
        <DetailItem label={c('paid')}>{money(sale.renovation_paid)}</DetailItem>
        <DetailItem label={c('debt')}>{money(sale.renovation_debt)}</DetailItem>
      </Grid>
      {containers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('containers.no_renovation')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{c('id')}</TableCell>
              <TableCell>{c('services')}</TableCell>
              <TableCell align="right">{c('price')}</TableCell>
              <TableCell align="right">{c('paid')}</TableCell>
              <TableCell align="right">{c('debt')}</TableCell>
              <TableCell>{c('status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {containers.map((container) => (
              <TableRow key={container.id}>
                <TableCell>
                  <Link to={`/service-containers/${container.id}/show`}>#{container.id}</Link>
                </TableCell>
                <TableCell>{container.services}</TableCell>
                <TableCell align="right">{formatAmount(container.price, container.currency)}</TableCell>
                <TableCell align="right">{formatAmount(container.paid, container.currency)}</TableCell>
                <TableCell align="right">{formatAmount(container.debt, container.currency)}</TableCell>
                <TableCell>
                  <ContainerStatus status={container.status} />
                </TableCell>
                <TableCell align="right">
                  <RenovationPayButton container={container} onPaid={changed} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {sale.status !== 'canceled' && (
        <Stack direction="row" gap={1} sx={{ mt: 1 }}>
          {can('service-containers', 'create') && (
            <>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {translate('containers.add_renovation')}
              </Button>
              <AddRenovationDialog
                saleId={sale.id}
                open={adding}
                onClose={() => setAdding(false)}
                onCreated={changed}
              />
            </>
          )}
          {(sale.renovation_debt ?? 0) > 0 && <InvoiceButton saleId={sale.id} renovation />}
        </Stack>
      )}
    </Section>
  );
}
