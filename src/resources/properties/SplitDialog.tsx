import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { MIN_SPLIT_PARTS, remainingSplitArea } from '../../../domain/inventory';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { ApiFailure } from '../../providers/httpClient';
import { useAppData } from '../../providers/useAppData';

interface Part {
  no: string;
  area: string;
  rooms: string;
  price_per_m2: string;
}

const emptyPart = (no: string): Part => ({ no, area: '', rooms: '', price_per_m2: '' });
const initialParts = (no: string) => [emptyPart(`${no}-1`), emptyPart(`${no}-2`)];

/**
 * One part of the split: its number, area, rooms and price per m², and removing it while more than the fewest remain.
 */
function SplitPartRow({
  index,
  part,
  errors,
  unitPricePerM2,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  part: Part;
  errors: Record<string, string>;
  unitPricePerM2: number | null;
  removable: boolean;
  onChange: (field: keyof Part, value: string) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-start' }}>
      <Typography variant="subtitle2" sx={{ minWidth: 80, pt: { sm: 1 } }}>
        {translate('units.part', { n: index + 1 })}
      </Typography>
      <TextField
        size="small"
        sx={{ flex: { sm: '1 1 0' } }}
        label={translate('resources.properties.fields.no')}
        name={`parts.${index}.no`}
        value={part.no}
        onChange={(e) => onChange('no', e.target.value)}
        error={Boolean(errors[`parts.${index}.no`])}
        helperText={errors[`parts.${index}.no`]}
      />
      <TextField
        size="small"
        type="number"
        sx={{ flex: { sm: '1 1 0' } }}
        label={translate('resources.properties.fields.area')}
        name={`parts.${index}.area`}
        value={part.area}
        onChange={(e) => onChange('area', e.target.value)}
        error={Boolean(errors[`parts.${index}.area`])}
        helperText={errors[`parts.${index}.area`]}
        inputProps={{ min: 0, step: 0.01 }}
      />
      <TextField
        size="small"
        type="number"
        label={translate('resources.properties.fields.rooms')}
        name={`parts.${index}.rooms`}
        value={part.rooms}
        onChange={(e) => onChange('rooms', e.target.value)}
        sx={{ flex: { sm: '0 0 110px' } }}
        inputProps={{ min: 0, step: 1 }}
      />
      <TextField
        size="small"
        type="number"
        sx={{ flex: { sm: '1 1 0' } }}
        label={translate('resources.properties.fields.price_per_m2')}
        name={`parts.${index}.price_per_m2`}
        value={part.price_per_m2}
        placeholder={unitPricePerM2 != null ? String(unitPricePerM2) : undefined}
        onChange={(e) => onChange('price_per_m2', e.target.value)}
        error={Boolean(errors[`parts.${index}.price_per_m2`])}
        helperText={errors[`parts.${index}.price_per_m2`]}
        inputProps={{ min: 0, step: 0.01 }}
      />
      <Tooltip title={translate('units.remove_part')}>
        <span>
          <IconButton aria-label={translate('units.remove_part')} disabled={!removable} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/**
 * The property split dialog: the parts, each with its number and area (rooms and price per m² optional),
 * and the area still to divide, live. Saving is possible once the areas add up to the unit's to the hundredth.
 */
export function SplitDialog({
  open,
  onClose,
  unit,
}: {
  open: boolean;
  onClose: () => void;
  unit: { id: number; no: string; area: number; price_per_m2: number | null };
}) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [parts, setParts] = useState<Part[]>(() => initialParts(unit.no));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const left = remainingSplitArea(
    unit.area,
    parts.map((p) => p.area),
  );
  const allNumbered = parts.every((p) => p.no.trim() && Number(p.area) > 0);
  const ready = left === 0 && parts.length >= MIN_SPLIT_PARTS && allNumbered;

  const change = (index: number, field: keyof Part, value: string) =>
    setParts((current) => current.map((p, i) => (i === index ? { ...p, [field]: value } : p)));

  const reset = () => {
    setParts(initialParts(unit.no));
    setErrors({});
    setFailure(undefined);
  };

  const save = async () => {
    setSaving(true);
    setErrors({});
    setFailure(undefined);
    try {
      const body = {
        parts: parts.map((p) => ({
          no: p.no.trim(),
          area: p.area,
          rooms: p.rooms === '' ? null : p.rooms,
          price_per_m2: p.price_per_m2 === '' ? null : p.price_per_m2,
        })),
      };
      await provider.splitUnit(unit.id, body);
      notify('units.split_done', { type: 'success', messageArgs: { count: parts.length } });
      onClose();
      refresh();
    } catch (error) {
      const { body, message } = error as ApiFailure;
      const fieldErrors = { ...(body?.errors ?? {}) } as Record<string, unknown>;
      delete fieldErrors.root;
      setErrors(fieldErrors as Record<string, string>);
      setFailure(typeof fieldErrors.parts === 'string' ? fieldErrors.parts : message);
    } finally {
      setSaving(false);
    }
  };

  const leftText = toDecimalString(Math.abs(left));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth TransitionProps={{ onEnter: reset }}>
      <DialogTitle>{translate('units.split_title', { no: unit.no })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('units.split_text')}
        </Typography>
        <Stack gap={1.5}>
          {parts.map((part, index) => (
            <SplitPartRow
              key={index}
              index={index}
              part={part}
              errors={errors}
              unitPricePerM2={unit.price_per_m2}
              removable={parts.length > MIN_SPLIT_PARTS}
              onChange={(field, value) => change(index, field, value)}
              onRemove={() => setParts((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            mt: 2,
            gap: 2,
            flexWrap: 'wrap',
          }}
        >
          <Button
            startIcon={<AddIcon />}
            onClick={() => setParts((current) => [...current, emptyPart(`${unit.no}-${current.length + 1}`)])}
          >
            {translate('units.add_part')}
          </Button>
          <Alert severity={left === 0 ? 'success' : left < 0 ? 'error' : 'info'} sx={{ py: 0 }}>
            {left === 0
              ? translate('units.area_done', { area: toDecimalString(toMinor(unit.area)) })
              : translate(left < 0 ? 'units.area_over' : 'units.area_left', { area: leftText })}
          </Alert>
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!ready || saving}>
          {translate('units.split')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
