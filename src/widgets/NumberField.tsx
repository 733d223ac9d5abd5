import { NumberField as RaNumberField, useLocaleState, type NumberFieldProps } from 'react-admin';

/**
 * React-admin's NumberField in the user's language (89,33 and 1 242 in Georgian and Russian, 89.33 in
 * English), not the browser's; counts, areas and percentages. Money has MoneyField.
 */
export function NumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <RaNumberField locales={locale === 'en' ? 'en-US' : locale} {...props} />;
}
