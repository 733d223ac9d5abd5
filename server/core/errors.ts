/** An error a handler throws on purpose: its status and a catalogue key, translated on the way out. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    /** field → catalogue keys (or [key, params]) shown on the form fields. */
    readonly fieldErrors?: Record<string, Array<string | [string, Record<string, string | number>]>>,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'server.not_found');
export const forbidden = () => new AppError(403, 'server.forbidden');
export const conflict = (key = 'server.conflict', params?: Record<string, string | number>) =>
  new AppError(409, key, params);
export const invalid = (fieldErrors: NonNullable<AppError['fieldErrors']>) =>
  new AppError(422, 'server.invalid_input', {}, fieldErrors);

/** PostgreSQL's unique_violation, so a race that slips past a pre-check still answers 422, not 500. */
export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pg = e as { code?: string; constraint?: string; constraint_name?: string };
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint || pg.constraint_name === constraint);
};

/**
 * PostgreSQL's foreign_key_violation: 'insert' when a written row names a record that does not exist (or was deleted
 * meanwhile), 'delete' when a deleted row is still named by others.
 */
export const foreignKeyViolation = (error: unknown): 'insert' | 'delete' | null => {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pg = e as { code?: string; message?: string };
  if (pg?.code !== '23503') return null;
  return /^update or delete on/.test(pg.message ?? '') ? 'delete' : 'insert';
};
