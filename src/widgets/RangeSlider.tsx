import { Box, Slider } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The slider's step: whole steps of about a hundredth of the span, at least `step`. */
export const sliderStep = (min: number, max: number, step: number) => {
  const span = max - min;
  if (span <= 0) return step;
  const rough = span / 100;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return Math.max(step, Math.ceil(rough / magnitude) * magnitude);
};

/**
 * Two thumbs over the data's span, moving the boxes as they slide and applying the pair when let go (a list is not
 * asked again on every pixel). A thumb at an end means no bound on that side.
 */
export function RangeSlider({
  range,
  step,
  lower,
  upper,
  disabled,
  label,
  onSlide,
  onCommit,
}: {
  range: { min: number; max: number };
  step: number;
  lower: number | null;
  upper: number | null;
  disabled?: boolean;
  label: string;
  onSlide: (lower: number | null, upper: number | null) => void;
  onCommit: (lower: number | null, upper: number | null) => void;
}) {
  const translate = useTranslate();
  const floor = Math.floor(range.min / step) * step;
  const ceiling = Math.ceil(range.max / step) * step;
  const clamp = (n: number) => Math.min(ceiling, Math.max(floor, n));
  const value: [number, number] = [clamp(lower ?? floor), clamp(upper ?? ceiling)];
  const bounds = (next: number | number[]) => {
    const [a, b] = next as number[];
    return [a <= floor ? null : a, b >= ceiling ? null : b] as const;
  };
  return (
    <Box sx={{ px: 1.5, pt: 0.5, width: 268 }}>
      <Slider
        size="small"
        value={value}
        min={floor}
        max={ceiling}
        step={step}
        disabled={disabled}
        disableSwap
        valueLabelDisplay="auto"
        getAriaLabel={(thumb) => `${label}: ${translate(thumb === 0 ? 'widgets.min' : 'widgets.max')}`}
        onChange={(_, next) => onSlide(...bounds(next))}
        onChangeCommitted={(_, next) => onCommit(...bounds(next))}
      />
    </Box>
  );
}
