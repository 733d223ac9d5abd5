/** Runtime flags that reach the browser through GET /api/config (DESIGN §4). */
export interface ModuleFlags {
  /** Bookings appear only when the sale-type flag is on. */
  saleType: boolean;
  overdueLetters: boolean;
  bonusModule: boolean;
  services: boolean;
  saleAgentModule: boolean;
  tasks: boolean;
}

export interface ClientConfig {
  flags: ModuleFlags;
  /** Minutes of inactivity before the session prompt; 0 turns the prompt off. */
  idleMinutes: number;
  tokenStorage: 'local' | 'session';
  /** Menu tags hidden in this deployment. */
  menuExclusions: string[];
  tagline: string;
  multilingual: boolean;
  /** Seconds before a new sign-in code may be requested. */
  otpResendSeconds: number;
}

/** SPEC §4: the session prompt waits this long for an answer before signing out. */
export const IDLE_LOGOUT_GRACE_MS = 10_000;
