import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_FORMATS, isDateFormat, type DateFormat } from '../../domain/dateFormats';
import { useDateFormat } from './dateFormat';

export interface DateFormatSelectProps {
  /** Defaults to `widgets.date_format`. */
  label?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
  /** Called after the preference has been stored. */
  onChange?: (format: DateFormat) => void;
}

/** Chooses one of the 15 date formats and stores it as the `dateFormat` preference. */
export const DateFormatSelect = ({
  label = 'widgets.date_format',
  size = 'small',
  fullWidth,
  className,
  sx,
  onChange,
}: DateFormatSelectProps) => {
  const translate = useTranslate();
  const [format, setFormat] = useDateFormat();
  return (
    <TextField
      select
      label={translate(label, { _: label })}
      value={format}
      size={size}
      fullWidth={fullWidth}
      className={className}
      sx={[{ minWidth: 180 }, ...(Array.isArray(sx) ? sx : [sx])]}
      onChange={(event) => {
        const next = event.target.value;
        if (!isDateFormat(next)) return;
        setFormat(next);
        onChange?.(next);
      }}
    >
      {DATE_FORMATS.map((option) => (
        <MenuItem key={option} value={option}>
          {option === 'DATE_PICKER' ? translate('widgets.date_picker') : option}
        </MenuItem>
      ))}
    </TextField>
  );
};
