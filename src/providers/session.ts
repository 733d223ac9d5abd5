import { clientConfig } from './config';

/** The bearer token lives under TOKEN, in local storage here (session storage in other deployments). */
export const TOKEN_KEY = 'TOKEN';

const storage = (): Storage => {
  try {
    return clientConfig().tokenStorage === 'session' ? sessionStorage : localStorage;
  } catch {
    return localStorage;
  }
};

export const session = {
  token: () => storage().getItem(TOKEN_KEY),
  save: (token: string) => storage().setItem(TOKEN_KEY, token),
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  },
};
