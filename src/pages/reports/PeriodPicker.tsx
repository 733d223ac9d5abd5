import { format, isValid, parseISO } from 'date-fns';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { useTranslate } from 'react-admin';
import { CalendarLocalization } from '../../widgets/CalendarLocalization';
import { useDateFormat } from '../../widgets/dateFormat';
import { dateFnsPatternOf } from '../../../domain/dateFormats';

const asDate = (iso: string) => (iso ? parseISO(iso) : null);
const asIso = (date: Date | null) => (date && isValid(date) ? format(date, 'yyyy-MM-dd') : '');

/**
 * The report period as two calendar pickers (from, to) in the user's language and date format, weeks starting on
 * Monday. A changed
 * day is handed to `onChange(from, to)` as YYYY-MM-DD; the caller swaps a reversed period (withPeriod).
 */
export function PeriodPicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  const field = (label: string, value: string, set: (iso: string) => void) => (
    <DesktopDatePicker
      label={label}
      value={asDate(value)}
      format={dateFnsPatternOf(dateFormat)}
      enableAccessibleFieldDOMStructure={false}
      onChange={(date) => {
        const iso = asIso(date);
        if (iso) set(iso);
      }}
      slotProps={{
        textField: { size: 'small', sx: { width: 170, m: 0 } },
        openPickerButton: { 'aria-label': translate('app.choose_date', { field: label }) },
      }}
    />
  );
  return (
    <CalendarLocalization>
      {field(translate('reports.date_from'), from, (iso) => onChange(iso, to))}
      {field(translate('reports.date_to'), to, (iso) => onChange(from, iso))}
    </CalendarLocalization>
  );
}
