import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A voided payment's mark in a list: it stays listed but counts in no total. */
export function VoidedChip({ voided }: { voided: boolean }) {
  const translate = useTranslate();
  return voided ? <Chip size="small" color="warning" label={translate('payments.voided')} sx={{ ml: 1 }} /> : null;
}
