import { z } from 'zod';

/** Runtime flags that reach the browser through GET /api/config. */
export const moduleFlagsSchema = z.object({
  /** Bookings appear only when the sale-type flag is on. */
  saleType: z.boolean(),
  overdueLetters: z.boolean(),
  bonusModule: z.boolean(),
  services: z.boolean(),
  saleAgentModule: z.boolean(),
  tasks: z.boolean(),
});

/** GET /api/config: what the browser needs before anyone signs in. */
export const clientConfigSchema = z.object({
  flags: moduleFlagsSchema,
  /** Minutes of inactivity before the session prompt; 0 turns the prompt off. */
  idleMinutes: z.number(),
  tokenStorage: z.enum(['local', 'session']),
  /** Menu tags hidden in this deployment. */
  menuExclusions: z.array(z.string()),
  tagline: z.string(),
  multilingual: z.boolean(),
  /** Seconds before a new sign-in code may be requested. */
  otpResendSeconds: z.number(),
});
