import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { hasAnyPermission } from '../../domain/access';
import type { Database, Db } from '../db/client';
import { sha256 } from './crypto';
import { AppError } from './errors';
import type { CurrentUser } from './types';

/** Roles, permissions and buildings of one user, in one round trip. */
export async function loadPrincipal(db: Db, userId: number) {
  const result = (await db.execute(sql`
    select
      (select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}) as roles,
      (select array_agg(distinct rp.permission) from user_roles ur join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = ${userId}) as permissions,
      (select array_agg(ub.building_id order by ub.building_id) from user_buildings ub where ub.user_id = ${userId}) as buildings`)) as {
    rows: Array<{ roles: string[] | null; permissions: string[] | null; buildings: number[] | null }>;
  };
  const row = result.rows[0];
  return { roles: row?.roles ?? [], permissions: (row?.permissions ?? []).sort(), buildings: row?.buildings ?? [] };
}

/** The signed-in user of a bearer token, with roles, permissions and buildings, in one statement. */
export async function userForToken(db: Db, token: string): Promise<CurrentUser | null> {
  const result = (await db.execute(sql`
    select s.id as "sessionId", s.expires_at as "expiresAt", u.id, u.full_name as "fullName", u.email,
      (select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
      (select array_agg(distinct rp.permission order by rp.permission) from user_roles ur join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id) as permissions,
      (select array_agg(ub.building_id order by ub.building_id) from user_buildings ub where ub.user_id = u.id) as buildings
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${sha256(token)} and s.revoked_at is null and s.expires_at > now() and u.active and u.deleted_at is null
    limit 1`)) as {
    rows: Array<{
      sessionId: number;
      expiresAt: Date | string;
      id: number;
      fullName: string;
      email: string;
      roles: string[] | null;
      permissions: string[] | null;
      buildings: number[] | null;
    }>;
  };
  const found = result.rows[0];
  if (!found) return null;
  const { expiresAt, ...user } = found;
  return {
    ...user,
    sessionExpiresAt: new Date(expiresAt).getTime(),
    roles: found.roles ?? [],
    permissions: (found.permissions ?? []).sort(),
    buildings: found.buildings ?? [],
  };
}

/** The NOTIFY channel the database's triggers signal on any change to sessions, users, roles or their buildings. */
export const ACCESS_CHANGED = 'access_changed';
const CACHE_MS = 10_000;
const CACHE_ENTRIES = 10_000;
/** Writes under these first path segments may change who a token is or what it may do (users, roles, sign-in). */
const ACCESS_WRITES = new Set(['users', 'user', 'role-permission', 'login', 'logout', 'buildings']);

/**
 * Signed-in users by token hash, kept a few seconds so a request costs no statement for who is asking. Emptied by the
 * database's ACCESS_CHANGED notice (any process's write to sessions, users, user_roles, role_permissions,
 * user_buildings), right after this process's own writes to users, roles and sign-in, and unused while the notices
 * may be missed.
 */
export function createPrincipalCache(now: () => number = Date.now) {
  const entries = new Map<string, { user: CurrentUser; until: number }>();
  let listening = false;
  return {
    get(hash: string): CurrentUser | null {
      const entry = entries.get(hash);
      if (!entry) return null;
      const time = now();
      if (!listening || entry.until <= time || entry.user.sessionExpiresAt <= time) {
        entries.delete(hash);
        return null;
      }
      return entry.user;
    },
    set(hash: string, user: CurrentUser) {
      if (!listening) return;
      if (entries.size >= CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(hash, { user, until: now() + CACHE_MS });
    },
    clear: () => entries.clear(),
    listening(on: boolean) {
      listening = on;
      entries.clear();
    },
  };
}
export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

/**
 * Bearer tokens and the access every route declares. A route under /api without a declaration
 * stops the server from starting: nothing is reachable by omission.
 */
export const accessPlugin = fp(async (app, options: { database: Pick<Database, 'listen'> }) => {
  app.decorateRequest('user', null);
  app.decorate('routeTable', []);
  const principals = createPrincipalCache();
  const unlisten = await options.database.listen(ACCESS_CHANGED, principals.clear, principals.listening);
  app.addHook('onClose', unlisten);
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (ACCESS_WRITES.has(request.routeOptions.url?.split('/')[2] ?? '')) principals.clear();
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.routeTable.push({ method, url: route.url, access, schema: route.schema, config: route.config });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'signed') return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const hash = token ? sha256(token) : '';
    request.user = token ? (principals.get(hash) ?? (await userForToken(app.db, token))) : null;
    if (request.user) principals.set(hash, request.user);
    if (!request.user) throw new AppError(401, 'server.unauthenticated');
    if (access !== 'authenticated' && !hasAnyPermission(request.user, access.any))
      throw new AppError(403, 'server.forbidden');
  });
});

/** The signed-in user of a route that declared anything but public access. */
export const currentUser = (request: { user: CurrentUser | null }): CurrentUser => {
  if (!request.user) throw new AppError(401, 'server.unauthenticated');
  return request.user;
};
