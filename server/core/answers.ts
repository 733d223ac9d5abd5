import { z } from 'zod';

/**
 * A route's declared answer (DESIGN §4's `{data}` envelope) around a contract from domain/contracts: the server
 * serialises through it (nothing undeclared leaves), the OpenAPI document shows it, the browser infers its types.
 */
export const dataAnswer = <T extends z.ZodType>(contract: T) => ({ 200: z.object({ data: contract }) });

/** The same for a created record (201). */
export const createdAnswer = <T extends z.ZodType>(contract: T) => ({ 201: z.object({ data: contract }) });
