import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  DateInput as RaDateInput,
  FieldTitle,
  InputHelperText,
  sanitizeInputRestProps,
  useInput,
  useTranslate,
  useTranslateLabel,
  type CommonInputProps,
  type Validator,
} from 'react-admin';
import { formatIsoDate, parseTypedDate, type DateFormat, type TypedDateFormat } from '../../domain/dateFormats';
import { V } from '../../domain/validation';
import { toIsoDay, useDateFormat } from './dateFormat';

export type DateInputProps = CommonInputProps &
  Omit<TextFieldProps, 'helperText' | 'label' | 'defaultValue' | 'onChange' | 'onBlur' | 'type'> & {
    /** Overrides the user's `dateFormat` preference. */
    dateFormat?: DateFormat;
  };

/** The form value is ISO YYYY-MM-DD; while the typed text is not a real date it holds that text, which this rejects. */
export const isoDateValidator: Validator = (value: unknown) =>
  value == null || value === '' || toIsoDay(value) ? undefined : V.wrongFormat;

/**
 * A date input honouring the user's date format: the calendar mode is the browser's date
 * picker; a typed format shows and accepts that format (three parts, four-digit year, a real day).
 * Either way the form value is ISO YYYY-MM-DD (null when empty).
 */
export const DateInput = ({ dateFormat, ...props }: DateInputProps) => {
  const [preference] = useDateFormat();
  const format = dateFormat ?? preference;
  if (format === 'DATE_PICKER') return <RaDateInput {...props} validate={withIsoCheck(props.validate)} />;
  return <TypedDateInput {...props} format={format} />;
};

const withIsoCheck = (validate: Validator | Validator[] | undefined): Validator[] => [
  isoDateValidator,
  ...(validate ? (Array.isArray(validate) ? validate : [validate]) : []),
];

const normalise = (value: unknown) => (value == null ? '' : value);

const DateCalendarPopover = lazy(() => import('./DateCalendarPopover'));

type TypedDateInputProps = Omit<DateInputProps, 'dateFormat' | 'format'> & { format: TypedDateFormat };

const TypedDateInput = (props: TypedDateInputProps) => {
  const {
    className,
    defaultValue,
    format,
    label,
    source,
    resource,
    helperText,
    margin,
    onChange,
    onBlur,
    parse: _parse,
    validate,
    variant,
    disabled,
    readOnly,
    ...rest
  } = props;
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const validators = useMemo(() => withIsoCheck(validate), [validate]);
  const { field, fieldState, formState, id, isRequired } = useInput({
    defaultValue,
    resource,
    source,
    validate: validators,
    disabled,
    readOnly,
    onBlur,
    ...rest,
  });

  const display = (value: unknown): string => {
    if (value == null || value === '') return '';
    const day = toIsoDay(value);
    return day ? formatIsoDate(day, format) : String(value);
  };

  const [text, setText] = useState(() => display(field.value));
  // The value this input wrote last: any other value came from outside (reset, setValue, a loaded record).
  const emitted = useRef<unknown>(normalise(field.value));
  useEffect(() => {
    if (Object.is(normalise(field.value), emitted.current)) return;
    emitted.current = normalise(field.value);
    setText(display(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.value]);
  // A new format preference: show the same day in it.
  const shownFormat = useRef(format);
  useEffect(() => {
    if (shownFormat.current === format) return;
    shownFormat.current = format;
    setText(display(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const trimmed = next.trim();
    const parsed = trimmed ? parseTypedDate(trimmed, format) : null;
    const value = !parsed ? null : parsed.ok ? parsed.iso : trimmed;
    emitted.current = normalise(value);
    field.onChange(value);
    onChange?.(event);
  };

  /** The day chosen in the calendar, shown in the user's format like a typed one. */
  const [calendarAnchor, setCalendarAnchor] = useState<HTMLElement | null>(null);
  const pick = (iso: string) => {
    setCalendarAnchor(null);
    setText(display(iso));
    emitted.current = iso;
    field.onChange(iso);
  };
  const fieldName = translateLabel({ label, source, resource });

  const parsed = text.trim() ? parseTypedDate(text, format) : null;
  const textError = parsed && !parsed.ok ? parsed.error : undefined;
  const shown = fieldState.isTouched || formState.isSubmitted;
  const invalid = shown && (Boolean(textError) || fieldState.invalid);

  return (
    <>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        value={text}
        onChange={handleChange}
        onBlur={(event: FocusEvent<HTMLInputElement>) => field.onBlur(event)}
        type="text"
        placeholder={format}
        size="small"
        className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
        variant={variant}
        margin={margin}
        disabled={disabled || readOnly}
        error={invalid}
        label={
          label !== '' && label !== false ? (
            <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
          ) : null
        }
        helperText={
          invalid && textError ? (
            translate(textError)
          ) : helperText !== false || invalid ? (
            <InputHelperText error={invalid ? fieldState.error?.message : undefined} helperText={helperText} />
          ) : null
        }
        {...sanitizeInputRestProps(rest)}
        slotProps={{
          ...(rest as TextFieldProps).slotProps,
          htmlInput: { autoComplete: 'off', readOnly, ...((rest as TextFieldProps).slotProps?.htmlInput as object) },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('app.choose_date', { field: fieldName })}
                  disabled={disabled || readOnly}
                  onClick={(event) => setCalendarAnchor(event.currentTarget)}
                >
                  <CalendarIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
            ...((rest as TextFieldProps).slotProps?.input as object),
          },
        }}
      />
      {calendarAnchor && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            anchor={calendarAnchor}
            value={toIsoDay(field.value) ?? null}
            onPick={pick}
            onClose={() => setCalendarAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
};
