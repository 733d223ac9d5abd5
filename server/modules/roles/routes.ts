import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, permissionEntrySchema, roleSchema } from '../../../domain/contracts/users';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { z } from 'zod';
import { isPermission } from '../../../domain/permissions';
import { requiredText } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { idParams, queryId } from '../../core/fields';
import { forbidden } from '../../core/errors';
import { needs } from '../../core/types';
import { recordWrite } from '../../core/activityLog';
import { createRolesRepository } from './repository';

const tags = ['roles'];

export default async function rolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createRolesRepository(app.db);

  app.get(
    '/role-permission/permissions',
    {
      config: { access: needs('view_role_permissions') },
      schema: { tags, response: dataAnswer(z.array(permissionEntrySchema)) },
    },
    async () => ({
      data: repo.catalogue(),
    }),
  );

  app.get(
    '/role-permission/roles',
    {
      config: { access: needs('view_role_permissions', 'view_users') },
      schema: { tags, response: dataAnswer(z.array(roleSchema)) },
    },
    async () => ({ data: await repo.list() }),
  );

  app.post(
    '/role-permission/roles',
    {
      config: {
        access: needs('add_role_permissions', 'edit_role_permissions'),
        recordType: 'roles',
        recordsItself: true,
      },
      schema: {
        tags,
        body: z.object({
          id: queryId().optional(),
          name: requiredText(60).regex(/^[\p{L}\p{N}_ -]*$/u, { error: 'validation.invalid_value' }),
          permissions: z.array(z.string().max(80)).max(500).default([]),
        }),
        response: { ...dataAnswer(roleSchema), ...createdAnswer(roleSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      if (!user.permissions.includes(body.id ? 'edit_role_permissions' : 'add_role_permissions')) throw forbidden();
      // Unknown names are the repository's 422; a known right the caller lacks may be neither granted nor taken away.
      if (body.permissions.some((p) => isPermission(p) && !user.permissions.includes(p))) throw forbidden();
      if (
        body.id &&
        (await repo.list()).find((r) => r.id === body.id)?.permissions.some((p) => !user.permissions.includes(p))
      )
        throw forbidden();
      const role = await repo.save(body, recordWrite(request, body.id ? 200 : 201));
      return reply.status(body.id ? 200 : 201).send({ data: role });
    },
  );

  app.delete(
    '/role-permission/roles/:id',
    {
      config: { access: needs('delete_role_permissions'), recordType: 'roles', recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
