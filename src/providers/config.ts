import type { ClientConfig } from '../../domain/config';

let current: ClientConfig | undefined;

/** GET /api/config, read once before the app renders (one build serves every deployment). */
export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(`config: ${response.status}`);
  current = ((await response.json()) as { data: ClientConfig }).data;
  return current;
}

export const clientConfig = (): ClientConfig => {
  if (!current) throw new Error('client config not loaded');
  return current;
};

export const setClientConfigForTests = (config: ClientConfig) => {
  current = config;
};
