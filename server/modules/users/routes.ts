import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { email, formBoolean, formIdList, formStringList, password, requiredText } from '../../../domain/validation';
import { phoneNumber } from '../../../domain/phone';
import { buildingScope, canSeeBuilding } from '../../../domain/access';
import { currentUser, loadPrincipal } from '../../core/access';
import { idParams } from '../../core/fields';
import { hashPassword } from '../../core/crypto';
import { AppError, forbidden } from '../../core/errors';
import { IMAGE_TYPES, type FileStore } from '../../core/files';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { recordWrite } from '../../core/activityLog';
import { MESSAGE_CHANNELS } from '../../../domain/customerMessages';
import { oneOf } from '../../core/fields';
import { createRolesRepository } from '../roles';
import { createUsersRepository, type UserInput, type UsersRepository } from './repository';
import { responsibleManagers } from './responsibleManagers';
import { createdAnswer, dataAnswer } from '../../core/answers';
import {
  messageSchema,
  responsibleManagerSchema,
  userPermissionsSchema,
  userSchema,
  usersAnswerSchema,
} from '../../../domain/contracts/users';

const messageAnswer = { 200: messageSchema };

const tags = ['users'];
/** An empty phone clears it; any other must be a valid number, kept in international form (domain/phone.ts). */
const phone = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneNumber().nullable());

const userFields = {
  full_name: requiredText(120),
  email: email(),
  phone: phone().optional().nullable(),
  roles: formStringList(),
  buildings: formIdList(),
  active: formBoolean().default(true),
  remove_avatar: formBoolean().optional(),
};
const createBody = z.object({ ...userFields, password: password() });
const updateBody = z.object({ ...userFields, password: z.union([z.literal(''), password()]).optional() }).partial();
const profileBody = z
  .object({
    full_name: userFields.full_name,
    email: userFields.email,
    phone: userFields.phone,
    remove_avatar: userFields.remove_avatar,
    /** Where the sign-in code goes: email, or SMS to the user's phone. */
    otp_channel: oneOf(MESSAGE_CHANNELS),
  })
  .partial();

/** A user may hand out only buildings it can see itself; buildings the other user already holds may stay. */
const assertMayGrantBuildings = (
  request: FastifyRequest,
  buildingIds: number[] | undefined,
  alreadyHeld: readonly number[] = [],
) => {
  const scope = buildingScope(currentUser(request));
  if (buildingIds?.some((id) => !alreadyHeld.includes(id) && !canSeeBuilding(scope, id))) throw forbidden();
};

/** An uploaded avatar saved, or taken away, and the saved file removed again when its record is refused. */
function avatarSteps(files: FileStore) {
  const avatarOf = async (
    request: FastifyRequest,
    removeAvatar: boolean | undefined,
  ): Promise<string | null | undefined> => {
    const file = request.uploads.avatar?.[0];
    if (file) return files.save('avatars', file, IMAGE_TYPES, 'avatar');
    return removeAvatar ? null : undefined;
  };

  /** A new avatar is saved before its record; if the record is then refused, the file goes too (no partial write). */
  const keepingAvatarOnlyIfSaved = async <T>(
    avatarPath: string | null | undefined,
    write: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      await files.remove(avatarPath);
      throw error;
    }
  };

  return { avatarOf, keepingAvatarOnlyIfSaved };
}

export default async function usersRoutes(fastify: FastifyInstance) {
  const repo = createUsersRepository(fastify.db, fastify.files);
  registerUserReading(fastify, repo);
  registerUserAccounts(fastify, repo, createRolesRepository(fastify.db));
  registerOwnProfile(fastify, repo);
}

/** The users, one user, the signed-in user's rights, and the managers a sale or customer may be given. */
function registerUserReading(fastify: FastifyInstance, repo: UsersRepository) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users',
    {
      config: { access: needs('view_users') },
      schema: {
        tags,
        querystring: listQuery.extend({
          onlyLatest: z.coerce.number().int().min(1).max(100).optional(),
          role: z.string().max(60).optional(),
          active: formBoolean().optional(),
        }),
        response: { 200: usersAnswerSchema },
      },
    },
    async (request) => {
      if (request.query.onlyLatest) return { data: await repo.latest(request.query.onlyLatest) };
      return repo.list(request.query);
    },
  );

  app.get(
    '/users/user-permissions',
    { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(userPermissionsSchema) } },
    async (request) => {
      const user = currentUser(request);
      return { data: { permissions: [...user.permissions], roles: [...user.roles], buildings: [...user.buildings] } };
    },
  );

  app.get(
    '/users/responsible-managers',
    {
      config: {
        access: needs(
          'view_sales',
          'view_only_own_sales',
          'add_sales',
          'edit_sales',
          'view_customers',
          'add_customers',
          'edit_customers',
        ),
      },
      schema: { tags, response: dataAnswer(z.array(responsibleManagerSchema)) },
    },
    async () => ({ data: await responsibleManagers(app.db) }),
  );

  app.get(
    '/users/:id',
    { config: { access: needs('view_users') }, schema: { tags, params: idParams, response: dataAnswer(userSchema) } },
    async (request) => ({ data: await repo.get(request.params.id) }),
  );
}

/** Creating, changing and deleting other users' accounts, within the rights and buildings one holds oneself. */
function registerUserAccounts(
  fastify: FastifyInstance,
  repo: UsersRepository,
  rolesRepo: ReturnType<typeof createRolesRepository>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { avatarOf, keepingAvatarOnlyIfSaved } = avatarSteps(app.files);

  /** A user may hand out only roles whose permissions they hold themselves. */
  const assertMayGrant = async (request: FastifyRequest, roleNames: string[] | undefined) => {
    if (!roleNames?.length) return;
    const granted = await rolesRepo.permissionsOf(roleNames);
    const mine = currentUser(request).permissions;
    if (granted.some((p) => !mine.includes(p))) throw forbidden();
  };

  /** ...and may change or delete only users whose rights they hold too: no taking over an account above one's own. */
  const assertMayManage = async (request: FastifyRequest, userId: number) => {
    const theirs = (await loadPrincipal(app.db, userId)).permissions;
    const mine = currentUser(request).permissions;
    if (theirs.some((p) => !mine.includes(p))) throw forbidden();
  };

  app.post(
    '/users',
    {
      config: { access: needs('add_users'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(userSchema) },
    },
    async (request, reply) => {
      const body = request.body;
      await assertMayGrant(request, body.roles);
      assertMayGrantBuildings(request, body.buildings);
      const input: UserInput & { passwordHash: string } = {
        ...body,
        passwordHash: await hashPassword(body.password),
        avatarPath: await avatarOf(request, false),
      };
      return reply.status(201).send({
        data: await keepingAvatarOnlyIfSaved(input.avatarPath, () => repo.create(input, recordWrite(request, 201))),
      });
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: needs('edit_users'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(userSchema) },
    },
    async (request) => {
      const { password: newPassword, remove_avatar, ...fields } = request.body;
      const user = currentUser(request);
      await assertMayGrant(request, fields.roles);
      await assertMayManage(request, request.params.id);
      if (request.params.id === user.id && fields.active === false)
        throw new AppError(422, 'server.invalid_input', {}, { active: ['validation.invalid_value'] });
      const previous = await repo.find(request.params.id);
      if (!previous) throw new AppError(404, 'server.not_found');
      assertMayGrantBuildings(request, fields.buildings, (await loadPrincipal(app.db, request.params.id)).buildings);
      const avatarPath = await avatarOf(request, remove_avatar);
      const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
      const data = await keepingAvatarOnlyIfSaved(avatarPath, () =>
        repo.update(
          request.params.id,
          { ...fields, avatarPath, ...(passwordHash ? { passwordHash } : {}) },
          recordWrite(request, 200),
        ),
      );
      if (avatarPath !== undefined) await app.files.remove(previous.avatarPath);
      return { data };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: needs('delete_users'), recordsItself: true },
      schema: { tags, params: idParams, response: messageAnswer },
    },
    async (request) => {
      if (request.params.id === currentUser(request).id) throw new AppError(409, 'server.cannot_delete_self');
      await assertMayManage(request, request.params.id);
      await repo.remove(request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}

/** The signed-in user's own profile: name, address, phone, avatar and where the sign-in code goes. */
function registerOwnProfile(fastify: FastifyInstance, repo: UsersRepository) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { avatarOf, keepingAvatarOnlyIfSaved } = avatarSteps(app.files);

  app.put(
    '/users/me',
    {
      config: { access: 'authenticated', recordType: 'users', ownRecord: true, recordsItself: true },
      schema: { tags, body: profileBody, response: { 200: z.object({ data: userSchema, message: z.string() }) } },
    },
    async (request) => {
      const user = currentUser(request);
      const previous = await repo.find(user.id);
      // the code goes by SMS only to a user with a phone; clearing the phone sends it by email again
      const phoneAfter = request.body.phone !== undefined ? request.body.phone : previous?.phone;
      if (request.body.otp_channel === 'sms' && !phoneAfter?.trim())
        throw new AppError(422, 'server.invalid_input', {}, { otp_channel: ['auth_mail.otp_sms_needs_phone'] });
      const otpChannel = phoneAfter?.trim() ? request.body.otp_channel : 'email';
      const avatarPath = await avatarOf(request, request.body.remove_avatar);
      const data = await keepingAvatarOnlyIfSaved(avatarPath, () =>
        repo.update(
          user.id,
          {
            full_name: request.body.full_name,
            email: request.body.email,
            phone: request.body.phone,
            otp_channel: otpChannel,
            avatarPath,
          },
          recordWrite(request, 200),
        ),
      );
      if (avatarPath !== undefined) await app.files.remove(previous?.avatarPath);
      return { data, message: request.t('app.record_updated') };
    },
  );
}
