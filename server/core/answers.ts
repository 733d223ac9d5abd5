import { z } from 'zod';
import { pageMetaSchema } from '../../domain/contracts/paging';

/**
 * A route's declared answer (the `{data}` envelope) around a contract from domain/contracts: the server
 * serialises through it (nothing undeclared leaves), the OpenAPI document shows it, the browser infers its types.
 */
export const dataAnswer = <T extends z.ZodType>(contract: T) => ({ 200: z.object({ data: contract }) });

/** The same for a created record (201). */
export const createdAnswer = <T extends z.ZodType>(contract: T) => ({ 201: z.object({ data: contract }) });

/** A list page: the rows and the paging meta; `extra` adds fields to meta (an unread count, say). */
export const listAnswer = <T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(
  contract: T,
  extra?: M,
) => ({
  200: z.object({ data: z.array(contract), meta: pageMetaSchema.extend(extra ?? ({} as M)) }),
});
