import { useMemo } from 'react';
import { DATAPROVIDER_MUTATIONS, reactAdminFetchActions, useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';
import { session } from './session';

const REACT_ADMIN_METHODS = new Set<PropertyKey>([...reactAdminFetchActions, ...DATAPROVIDER_MUTATIONS]);

/** react-admin's answer to a call refused with 401, once that refusal has signed the user out. */
const signedOutAnswer = (answer: unknown) => !session.token() && JSON.stringify(answer) === '{"data":{}}';

/**
 * The app's data provider with its business calls, typed (useDataProvider<AppDataProvider>()). react-admin answers a
 * call refused with 401 (which signs the user out) with an empty `{ data: {} }` instead of the refusal; a business
 * call's caller would read that as its answer (the home page's cards and the bell did, and failed), so such a call
 * stays unanswered: its screen is leaving for the sign-in page.
 */
export function useAppData(): AppDataProvider {
  const provider = useDataProvider<AppDataProvider>();
  return useMemo(
    () =>
      new Proxy(provider, {
        get(target, name, receiver) {
          const value: unknown = Reflect.get(target, name, receiver);
          if (typeof value !== 'function' || REACT_ADMIN_METHODS.has(name)) return value;
          return (...args: unknown[]) =>
            Promise.resolve(value.apply(target, args)).then((answer) =>
              signedOutAnswer(answer) ? new Promise<never>(() => undefined) : answer,
            );
        },
      }),
    [provider],
  );
}
