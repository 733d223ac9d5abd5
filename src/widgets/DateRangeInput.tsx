import { useEffect, useId } from 'react';
import { Box, Typography } from '@mui/material';
import { FieldTitle } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { orderedPeriod } from '../../domain/dateFormats';
import { DateInput } from './DateInput';

export interface DateRangeInputProps {
  /** The filter's name for its title (`resources.<resource>.fields.<source>`) and the default `<source>_from`/`_to`. */
  source: string;
  fromSource?: string;
  toSource?: string;
  resource?: string;
  label?: string;
  /** Accepted so the component can stand in a `<List filters>` array. */
  alwaysOn?: boolean;
  size?: 'small' | 'medium';
}

/**
 * The date-range picker for list filters: two dates under one title, in the user's date format; a period whose
 * end comes before its start is swapped as soon as both are there (domain/dateFormats `orderedPeriod`).
 */
export function DateRangeInput({
  source,
  fromSource = `${source}_from`,
  toSource = `${source}_to`,
  resource,
  label,
  size = 'small',
}: DateRangeInputProps) {
  const titleId = useId();
  const { setValue } = useFormContext();
  const [from, to] = useWatch({ name: [fromSource, toSource] }) as [
    string | null | undefined,
    string | null | undefined,
  ];
  useEffect(() => {
    const [first, last] = orderedPeriod(from, to);
    if (first !== from) {
      setValue(fromSource, first, { shouldDirty: true });
      setValue(toSource, last, { shouldDirty: true });
    }
  }, [from, to, fromSource, toSource, setValue]);
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <Typography id={titleId} variant="caption" color="text.secondary">
        <FieldTitle label={label} source={source} resource={resource} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <DateInput source={fromSource} resource={resource} size={size} helperText={false} />
        <DateInput source={toSource} resource={resource} size={size} helperText={false} />
      </Box>
    </Box>
  );
}
