import type { ReactNode } from 'react';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import { useLocaleState, useTranslate } from 'react-admin';
import { mondayFirst } from './localeFormat';

/**
 * The calendars' language: months and weekdays from the product's date-fns locale, weeks starting on Monday, the
 * month arrows named from the catalogue (MUI has Russian texts of its own, no Georgian).
 */
export function CalendarLocalization({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const localeText = {
    ...(locale === 'ru' ? ruRU.components.MuiLocalizationProvider.defaultProps.localeText : {}),
    previousMonth: translate('reports.picker.previous_month'),
    nextMonth: translate('reports.picker.next_month'),
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={mondayFirst(locale)} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
