import { useId } from 'react';
import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import type { CustomFieldValueEntry } from '../../../domain/contracts/customFields';
import type { CustomFieldRecordKind } from '../../../domain/customFields';
import { formatIsoDate } from '../../../domain/dateFormats';
import { readCustomFieldValues } from '../../providers/customFieldValues';
import { DetailItem, useDateFormat } from '../../widgets';

/** The values of a record's custom fields, as its page shows them; null when the kind has no fields. */
export function useCustomFieldValues(recordKind: CustomFieldRecordKind, id: Identifier | undefined) {
  return useQuery({
    queryKey: ['custom-field-values', recordKind, id],
    queryFn: () => readCustomFieldValues(recordKind, id),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A record page's custom fields: each label with its value (a date in the user's format), or a dash. */
export function CustomFieldValues({ entries }: { entries: CustomFieldValueEntry[] }) {
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const shown = (entry: CustomFieldValueEntry) => {
    if (entry.value === null) return '';
    if (entry.type === 'date') return formatIsoDate(String(entry.value), dateFormat);
    if (entry.type === 'boolean') return translate(entry.value ? 'app.yes' : 'app.no');
    return entry.display;
  };
  return (
    <Grid container spacing={2}>
      {entries.map((entry) => (
        <DetailItem key={entry.field_id} label={entry.label}>
          {shown(entry) || '—'}
        </DetailItem>
      ))}
    </Grid>
  );
}

/** A record page's card of custom fields (the sale page's sections look alike); nothing when the kind has none. */
export function CustomFieldsSection({ recordKind, id }: { recordKind: CustomFieldRecordKind; id: Identifier }) {
  const translate = useTranslate();
  const titleId = useId();
  const { data } = useCustomFieldValues(recordKind, id);
  if (!data?.length) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" gutterBottom id={titleId}>
          {translate('custom_fields.section')}
        </Typography>
        <CustomFieldValues entries={data} />
      </CardContent>
    </Card>
  );
}
