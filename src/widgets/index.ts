/** Shared widgets used by every resource screen. */
export {
  Paginator,
  pageLinks,
  ALL_ROWS,
  DEFAULT_PER_PAGE,
  MAX_PAGE_LINKS,
  ROWS_PER_PAGE_OPTIONS,
  type PageLink,
  type PaginatorProps,
} from './Paginator';
export { useDateFormat, readDateFormat, writeDateFormat, toIsoDay, DATE_FORMAT_KEY } from './dateFormat';
export { DateFormatSelect, type DateFormatSelectProps } from './DateFormatSelect';
export { DateField, useFormatMoment, type DateFieldProps } from './DateField';
export { DateInput, isoDateValidator, type DateInputProps } from './DateInput';
export { DateRangeInput, type DateRangeInputProps } from './DateRangeInput';
export { MoneyField, formatAmount, type MoneyFieldProps } from './MoneyField';
export { NumberField } from './NumberField';
export { nameRule, percentRule } from './validators';
export { phoneRule, websiteRule } from './contactRules';
export { LinkField, LinkValue, type LinkFieldProps, type LinkMode, type LinkValueProps } from './LinkField';
export { useUploadFailed } from './useUploadFailed';
export { FitToScreen } from './FitToScreen';
export { EmptyList, type EmptyListProps } from './EmptyList';
export { PhoneCards, type PhoneCardsProps, type CardText } from './PhoneCards';
export { permissionText, usePermissionText } from './permissionText';
export { useAppValidationOnly } from './useAppValidationOnly';
export {
  AREA_DECIMALS,
  RATE_DECIMALS,
  formatLocaleAmount,
  formatLocaleNumber,
  formatLocaleTime,
  useLocaleFormat,
} from './localeFormat';
export { MinMaxInput, type MinMaxInputProps } from './MinMaxInput';
export { RangeSlider, sliderStep } from './RangeSlider';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { useOpenedOnce } from './useOpenedOnce';
export { Spinner } from './Spinner';
export { ConfirmProvider, useConfirm, type Confirm, type ConfirmOptions } from './ConfirmProvider';
export { DeleteWithConfirmButton, type DeleteWithConfirmButtonProps } from './DeleteWithConfirmButton';
export { AlertDialog, type AlertDialogProps, type AlertMode } from './AlertDialog';
export { DetailItem } from './DetailItem';
export { RecordForm, KEEP_TYPED } from './RecordForm';
export { FreeUnitPicker } from './FreeUnitPicker';
export { DealList, type DealListProps, type DealRow } from './DealList';
export { WIDE_TABLE } from './wideTable';
export {
  useEnumChoices,
  useEnumLabel,
  useBlocks,
  CURRENCY_CHOICES,
  type Vocabulary,
  type BlockChoice,
} from './choices';
export { ExcelExportButton, exportList, type ExcelExportButtonProps } from './ExcelExportButton';
export { downloadFile } from './download';
export { sheetLayout, type ExportColumn, type ExportKind } from './excelColumns';
