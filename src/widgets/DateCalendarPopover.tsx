import { format, isValid, parseISO } from 'date-fns';
import Popover from '@mui/material/Popover';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { CalendarLocalization } from './CalendarLocalization';

/**
 * A month's calendar under a date field's button (loaded when first opened: the pickers stay out of the first
 * download). A day chosen is handed to `onPick` as YYYY-MM-DD; choosing a year only turns the calendar to it.
 */
export default function DateCalendarPopover({
  anchor,
  value,
  onPick,
  onClose,
}: {
  anchor: HTMLElement;
  value: string | null;
  onPick: (iso: string) => void;
  onClose: () => void;
}) {
  const day = value ? parseISO(value) : null;
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <CalendarLocalization>
        <DateCalendar
          value={day && isValid(day) ? day : null}
          onChange={(date: Date | null, state) => {
            if (state === 'finish' && date && isValid(date)) onPick(format(date, 'yyyy-MM-dd'));
          }}
        />
      </CalendarLocalization>
    </Popover>
  );
}
