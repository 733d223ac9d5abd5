import type { z } from 'zod';
import type { clientConfigSchema, moduleFlagsSchema } from './contracts/config';

export type ModuleFlags = z.infer<typeof moduleFlagsSchema>;
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The session prompt waits this long for an answer before signing out. */
export const IDLE_LOGOUT_GRACE_MS = 10_000;
