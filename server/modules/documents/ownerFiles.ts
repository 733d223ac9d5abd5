import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formBoolean } from '../../../domain/validation';
import { documentFiles } from '../../db/schema';
import { AppError, invalid, notFound } from '../../core/errors';
import { currentUser } from '../../core/access';
import { blankIsMissing, pathId, queryId } from '../../core/fields';
import type { Access, UploadedFile } from '../../core/types';
import { IMAGE_TYPES, uploadedType, type FileStore } from '../../core/files';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { ownerFileSchema } from '../../../domain/contracts/attachments';
import { messageSchema } from '../../../domain/contracts/users';

export type OwnerType = 'agent' | 'barter' | 'sale' | 'container';

export interface OwnerFilesOptions {
  prefix: '/agents' | '/barter' | '/sales' | '/sales/trashed' | '/containers';
  ownerType: OwnerType;
  /** No `write`: the files can only be listed and opened (a cancelled sale's). */
  access: { read: Access; write?: Access };
  /** Whether the signed-in user may see the owner (exists, not deleted, in scope); otherwise every call answers 404. */
  ownerVisible: (request: FastifyRequest, ownerId: number) => Promise<boolean>;
}

/** PDF, images, Word and Excel. */
export const DOCUMENT_TYPES = [
  'application/pdf',
  ...IMAGE_TYPES,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** Checks an upload's size, then its name, type and first bytes, and stores it; answers its stored path and type. */
export async function storeDocument(files: FileStore, ownerType: OwnerType, file: UploadedFile, field = 'file') {
  if (file.buffer.length > files.maxBytes) {
    throw new AppError(413, 'owner_files.file_too_large', { mb: Math.round(files.maxBytes / 1024 / 1024) });
  }
  const mimetype = uploadedType(file, DOCUMENT_TYPES, field, 'owner_files.file_type');
  const stored = await files.save(`documents/${ownerType}`, { ...file, mimetype }, DOCUMENT_TYPES, field);
  return { path: stored, mimetype };
}

type FileRow = typeof documentFiles.$inferSelect;

export const presentDocument = (files: FileStore, row: FileRow) => ({
  id: row.id,
  owner_type: row.ownerType,
  owner_id: row.ownerId,
  original_name: row.originalName,
  title: row.title,
  mimetype: row.mimetype,
  size: row.size,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  url: files.signedUrl(row.path),
});

const ownerParams = z.object({ ownerId: pathId() });
const documentParams = ownerParams.extend({ documentId: pathId() });
const title = z.string().trim().max(255, { error: 'validation.too_long' }).optional();
const addBody = z.object({ title }).passthrough();
const updateBody = z
  .object({
    document_id: z.preprocess(blankIsMissing, queryId()),
    title: z.union([title, z.null()]),
    active: formBoolean().optional(),
  })
  .passthrough();

/**
 * The files of an owner (agent, barter, later sale): addFile, updateFile, deleteFile, deactivateFile and
 * the list with signed URLs. Every call first asks `ownerVisible`; an owner the user may not see answers 404.
 */
export function registerOwnerFiles(fastify: FastifyInstance, options: OwnerFilesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prefix, ownerType, access, ownerVisible } = options;
  const tags = [prefix.slice(1)];

  const visibleOwner = async (request: FastifyRequest, ownerId: number) => {
    currentUser(request);
    if (!(await ownerVisible(request, ownerId))) throw notFound();
  };
  const findDocument = async (ownerId: number, documentId: number) => {
    const [row] = await app.db
      .select()
      .from(documentFiles)
      .where(
        and(
          eq(documentFiles.id, documentId),
          eq(documentFiles.ownerType, ownerType),
          eq(documentFiles.ownerId, ownerId),
        ),
      );
    if (!row) throw notFound();
    return row;
  };

  app.get(
    `${prefix}/:ownerId/files`,
    {
      config: { access: access.read },
      schema: { tags, params: ownerParams, response: dataAnswer(z.array(ownerFileSchema)) },
    },
    async (request) => {
      await visibleOwner(request, request.params.ownerId);
      const rows = await app.db
        .select()
        .from(documentFiles)
        .where(and(eq(documentFiles.ownerType, ownerType), eq(documentFiles.ownerId, request.params.ownerId)))
        .orderBy(asc(documentFiles.createdAt), asc(documentFiles.id));
      return { data: rows.map((r) => presentDocument(app.files, r)) };
    },
  );

  const write = access.write;
  if (!write) return;

  app.post(
    `${prefix}/:ownerId/addFile`,
    {
      config: { access: write, logAction: 'file_added' },
      schema: { tags, params: ownerParams, body: addBody, response: createdAnswer(ownerFileSchema) },
    },
    async (request, reply) => {
      await visibleOwner(request, request.params.ownerId);
      const file = request.uploads.file?.[0];
      if (!file) throw invalid({ file: ['owner_files.file_required'] });
      const stored = await storeDocument(app.files, ownerType, file);
      try {
        const [row] = await app.db
          .insert(documentFiles)
          .values({
            ownerType,
            ownerId: request.params.ownerId,
            originalName: path.basename(file.filename),
            path: stored.path,
            mimetype: stored.mimetype,
            size: file.buffer.length,
            title: request.body.title || null,
            uploadedBy: currentUser(request).id,
          })
          .returning();
        return reply.status(201).send({ data: presentDocument(app.files, row) });
      } catch (error) {
        await app.files.remove(stored.path);
        throw error;
      }
    },
  );

  app.put(
    `${prefix}/:ownerId/updateFile`,
    {
      config: { access: write },
      schema: { tags, params: ownerParams, body: updateBody, response: dataAnswer(ownerFileSchema) },
    },
    async (request) => {
      await visibleOwner(request, request.params.ownerId);
      const input = request.body;
      const existing = await app.db
        .select()
        .from(documentFiles)
        .where(
          and(
            eq(documentFiles.id, input.document_id),
            eq(documentFiles.ownerType, ownerType),
            eq(documentFiles.ownerId, request.params.ownerId),
          ),
        );
      if (!existing[0]) throw invalid({ document_id: ['owner_files.unknown_document'] });
      const file = request.uploads.file?.[0];
      const stored = file ? await storeDocument(app.files, ownerType, file) : undefined;
      const [row] = await app.db
        .update(documentFiles)
        .set({
          ...(input.title !== undefined ? { title: input.title || null } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(file && stored
            ? {
                path: stored.path,
                mimetype: stored.mimetype,
                size: file.buffer.length,
                originalName: path.basename(file.filename),
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(documentFiles.id, input.document_id))
        .returning();
      if (stored) await app.files.remove(existing[0].path);
      return { data: presentDocument(app.files, row) };
    },
  );

  app.patch(
    `${prefix}/:ownerId/deactivateFile/:documentId`,
    { config: { access: write }, schema: { tags, params: documentParams, response: dataAnswer(ownerFileSchema) } },
    async (request) => {
      await visibleOwner(request, request.params.ownerId);
      const document = await findDocument(request.params.ownerId, request.params.documentId);
      const [row] = await app.db
        .update(documentFiles)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(documentFiles.id, document.id))
        .returning();
      return { data: presentDocument(app.files, row) };
    },
  );

  app.delete(
    `${prefix}/:ownerId/deleteFile/:documentId`,
    { config: { access: write }, schema: { tags, params: documentParams, response: { 200: messageSchema } } },
    async (request) => {
      await visibleOwner(request, request.params.ownerId);
      const document = await findDocument(request.params.ownerId, request.params.documentId);
      await app.db.delete(documentFiles).where(eq(documentFiles.id, document.id));
      await app.files.remove(document.path);
      return { message: request.t('app.deleted') };
    },
  );
}
