import { useEffect, useId, useState, type ReactNode } from 'react';
import { Box, FormHelperText, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import { FieldTitle, useInput, useTranslate } from 'react-admin';
import { minMaxError, normaliseMinMax } from '../../domain/validation';
import { RangeSlider, sliderStep } from './RangeSlider';

export interface MinMaxInputProps {
  /** The filter's key (react-admin's filter form shows and hides filters by `source`) and the default label. */
  source: string;
  /** The form value (filter) that holds the minimum; defaults to `${source}_from`. */
  minSource?: string;
  /** The form value (filter) that holds the maximum; defaults to `${source}_to`. */
  maxSource?: string;
  /** A translation key or text; defaults to `resources.<resource>.fields.<source>`. */
  label?: ReactNode;
  resource?: string;
  /** Accepted so the component can stand in a `<List filters>` array. */
  alwaysOn?: boolean;
  disabled?: boolean;
  /** react-admin's filter form passes 'small'. */
  size?: 'small' | 'medium';
  className?: string;
  sx?: SxProps<Theme>;
  /** A range slider beside the boxes, between these ends (the data's smallest and largest value). */
  range?: { min: number; max: number } | null;
  /** The slider's step (1 by default). */
  step?: number;
}

/** '' → no bound; anything else a number, NaN becoming 0. */
const toBound = (text: string): number | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return normaliseMinMax(Number(trimmed), null).min;
};

const fromValue = (value: unknown): number | null => {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isNaN(n) ? 0 : n;
};

const textOf = (value: unknown) => {
  const n = fromValue(value);
  return n === null ? '' : String(n);
};

/**
 * Two number inputs, min and max, for list filters (NaN becomes 0, min never above max).
 *
 * Choice: a pair where min > max is never applied. The inputs keep what the user typed and show the
 * translated `validation.min_max` error, and the form values (hence the filters) keep the last valid pair
 * until the user corrects either side; clamping while typing would fight the user (typing a max of 1000
 * passes through 1, 10 and 100).
 */
export const MinMaxInput = ({
  source,
  minSource = `${source}_from`,
  maxSource = `${source}_to`,
  label,
  resource,
  disabled,
  size = 'small',
  className,
  sx,
  range,
  step = 1,
}: MinMaxInputProps) => {
  const translate = useTranslate();
  const labelId = useId();
  const min = useInput({ source: minSource, resource });
  const max = useInput({ source: maxSource, resource });
  const [minText, setMinText] = useState(() => textOf(min.field.value));
  const [maxText, setMaxText] = useState(() => textOf(max.field.value));
  const [error, setError] = useState<string | undefined>();

  // Values changed from outside (filters cleared, form reset): show them.
  useEffect(() => {
    if (fromValue(min.field.value) !== toBound(minText)) {
      setMinText(textOf(min.field.value));
      setError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [min.field.value]);
  useEffect(() => {
    if (fromValue(max.field.value) !== toBound(maxText)) {
      setMaxText(textOf(max.field.value));
      setError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [max.field.value]);

  const apply = (nextMinText: string, nextMaxText: string) => {
    const lower = toBound(nextMinText);
    const upper = toBound(nextMaxText);
    const problem = minMaxError(lower, upper);
    setError(problem);
    if (problem) return;
    if (fromValue(min.field.value) !== lower) min.field.onChange(lower);
    if (fromValue(max.field.value) !== upper) max.field.onChange(upper);
  };

  // On leaving a box, show what was applied (e.g. NaN as 0) unless the pair is being corrected.
  const tidy = () => {
    if (error) return;
    setMinText(textOf(toBound(minText)));
    setMaxText(textOf(toBound(maxText)));
  };

  return (
    <Box
      className={className}
      sx={[{ display: 'inline-flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}
      role="group"
      aria-labelledby={label !== false ? labelId : undefined}
    >
      {label !== false && (
        <Typography id={labelId} variant="caption" color="text.secondary">
          <FieldTitle label={label} source={source} resource={resource} />
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          id={min.id}
          name={min.field.name}
          inputRef={min.field.ref}
          type="number"
          size={size}
          label={translate('widgets.min')}
          value={minText}
          disabled={disabled}
          error={Boolean(error)}
          onChange={(event) => {
            setMinText(event.target.value);
            apply(event.target.value, maxText);
          }}
          onBlur={() => {
            tidy();
            min.field.onBlur();
          }}
          sx={{ width: 130 }}
        />
        <TextField
          id={max.id}
          name={max.field.name}
          inputRef={max.field.ref}
          type="number"
          size={size}
          label={translate('widgets.max')}
          value={maxText}
          disabled={disabled}
          error={Boolean(error)}
          onChange={(event) => {
            setMaxText(event.target.value);
            apply(minText, event.target.value);
          }}
          onBlur={() => {
            tidy();
            max.field.onBlur();
          }}
          sx={{ width: 130 }}
        />
      </Box>
      {range && range.max > range.min && (
        <RangeSlider
          range={range}
          step={sliderStep(range.min, range.max, step)}
          lower={toBound(minText)}
          upper={toBound(maxText)}
          disabled={disabled}
          label={
            typeof label === 'string'
              ? translate(label, { _: label })
              : translate(`resources.${resource}.fields.${source}`, { _: source })
          }
          onSlide={(lower, upper) => {
            setMinText(lower === null ? '' : String(lower));
            setMaxText(upper === null ? '' : String(upper));
          }}
          onCommit={(lower, upper) => {
            const minText = lower === null ? '' : String(lower);
            const maxText = upper === null ? '' : String(upper);
            setMinText(minText);
            setMaxText(maxText);
            apply(minText, maxText);
          }}
        />
      )}
      {error && <FormHelperText error>{translate(error)}</FormHelperText>}
    </Box>
  );
};
