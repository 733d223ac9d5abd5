/** The record type react-admin's fields are generic over (its own FieldProps takes any record shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- interfaces fit this type, not Record<string, unknown>
export type AnyRecord = Record<string, any>;
