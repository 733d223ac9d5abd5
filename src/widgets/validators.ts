import { isName, V } from '../../domain/validation';

export { percentRule } from '../../domain/validation';

/** A person's or company's name (domain's NAME_PATTERN): empty passes (required is another rule). */
export const nameRule = (value: unknown) =>
  value === null || value === undefined || isName(String(value).trim()) ? undefined : V.invalidName;
