import type { Principal } from '../../domain/access';
import type { Permission } from '../../domain/permissions';
import type { LogAction } from '../../domain/activityLog';
import type { Locale } from '../../i18n';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import type { FileStore } from './files';
import type { JobQueue } from './jobs';

/**
 * Who may call a route, declared beside it:
 * 'public' (anyone), 'signed' (a signed URL, checked by the route), 'authenticated' (any signed-in user),
 * or the permissions of which any one suffices.
 */
export type Access = 'public' | 'signed' | 'authenticated' | { any: readonly Permission[] };

export const needs = (...permissions: Permission[]): Access => ({ any: permissions });

export interface CurrentUser extends Principal {
  fullName: string;
  email: string;
  sessionId: number;
  /** When the session of this request ends (epoch ms). */
  sessionExpiresAt: number;
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The resource an activity-log line names; defaults to the first path segment after /api. */
    recordType?: string;
    /** The record a write changes is the signed-in user (routes under /users/me): the activity log names it. */
    ownRecord?: boolean;
    /** What the activity log records a POST that is not a create as (a reminder sent, a status changed, …). */
    logAction?: LogAction;
    /**
     * The route's write records itself, calling `recordWrite` last in its transaction: the activity-log plugin neither
     * reads the record before it nor wraps its transaction.
     */
    recordsItself?: boolean;
    /** A POST that only reads (a filtered list with its filters in the body): the activity log skips it. */
    readOnly?: boolean;
    /** Set on the POST twin of a PUT or PATCH route: the method its `_method` field must name. */
    overrideOf?: 'PUT' | 'PATCH';
  }
  interface FastifyRequest {
    locale: Locale;
    t(key: string, params?: Record<string, string | number>): string;
    user: CurrentUser | null;
    /** Files of a multipart body, by field name. */
    uploads: Record<string, UploadedFile[]>;
    /** The complex of the record a delete removes, read before the handler ran; null until then. */
    logComplex: { buildingId: number | null } | null;
    /**
     * The Idempotency-Key this write claimed (core/idempotency.ts), and the answer recorded for it in the write's own
     * transaction once that committed.
     */
    idempotencyClaim: { key: string; committed?: { statusCode: number; body: string } } | null;
  }
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    files: FileStore;
    /** Scheduled and on-demand work (core/jobs.ts); areas define their jobs while registering. */
    jobs: JobQueue;
    /** Every /api route with its declared access and request schemas (zod), for the route-table suites. */
    routeTable: Array<{
      method: string;
      url: string;
      access: Access;
      schema?: FastifySchema;
      config?: FastifyContextConfig;
    }>;
  }
}
