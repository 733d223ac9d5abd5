import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { AppError } from '../../core/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { email, requiredText } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { createUsersRepository } from '../users';
import { createAuthService } from './service';
import { createPasswordResets } from './passwordResets';
import { recordWrite } from '../../core/activityLog';
import type { LogAction } from '../../../domain/activityLog';
import { dataAnswer } from '../../core/answers';
import { loginSchema, messageSchema, resetTokenCheckSchema, signedInUserSchema } from '../../../domain/contracts/users';

const message = { 200: messageSchema };

const credentials = z.object({
  email: email(),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});

export default async function authRoutes(fastify: FastifyInstance, options: { secret: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.db, app.config, options.secret, app.log, app.channels);
  const usersRepo = createUsersRepository(app.db, app.files);
  const resets = createPasswordResets(app.db, app.config, app.log, app.channels);
  /** Work done after the answer has left, so the answer's time cannot tell what it found; awaited on close. */
  const afterAnswer = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled([...afterAnswer])));
  const doAfterAnswer = (work: () => Promise<void>) => {
    const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, 'work after the answer failed'))
      .finally(() => afterAnswer.delete(done));
    afterAnswer.add(done);
  };
  const { perAddress, perAccount, windowMs } = app.config.authRateLimit;

  /** Sign-in calls are limited per address and, separately, per account. */
  const perAccountLimit = app.createRateLimit({
    max: perAccount,
    timeWindow: windowMs,
    keyGenerator: (req) =>
      `account:${String((req.body as { email?: string })?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  const limited = {
    onRequest: app.rateLimit({ max: perAddress, timeWindow: windowMs, keyGenerator: (req) => `address:${req.ip}` }),
    preHandler: async (request: FastifyRequest) => {
      // an account whose calls cannot be counted is refused, never let through uncounted
      const result = await perAccountLimit(request).catch(() => undefined);
      if (!result || (!result.isAllowed && result.isExceeded)) throw new AppError(429, 'server.too_many_requests');
    },
  };
  registerSignIn(fastify, auth, usersRepo, limited);
  registerPasswordChanges(fastify, auth, resets, limited, doAfterAnswer);
}

/** A public sign-in call, its activity-log line named by what the user did. */
const signInStep = (logAction: LogAction) => ({ access: 'public', recordType: 'auth', logAction }) as const;
const tags = ['auth'];

type AuthService = ReturnType<typeof createAuthService>;
/** The sign-in calls' limits: per address on the request, per account once the body is read. */
interface SignInLimits {
  onRequest: RouteShorthandOptions['onRequest'];
  preHandler: (request: FastifyRequest) => Promise<void>;
}

/** Signing in with a password and a one-time code, signing out, and who is signed in. */
function registerSignIn(
  fastify: FastifyInstance,
  auth: AuthService,
  usersRepo: ReturnType<typeof createUsersRepository>,
  limited: SignInLimits,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/pre-auth',
    { config: signInStep('code_requested'), ...limited, schema: { tags, body: credentials, response: message } },
    async (request) => {
      await auth.preAuth(request.body.email, request.body.password, request.locale);
      return { message: request.t('server.code_sent') };
    },
  );

  app.post(
    '/resend-otp',
    {
      config: signInStep('code_resent'),
      ...limited,
      schema: { tags, body: z.object({ email: email() }), response: message },
    },
    async (request) => {
      await auth.resend(request.body.email, request.locale);
      return { message: request.t('server.code_sent') };
    },
  );

  app.post(
    '/login',
    {
      config: signInStep('signed_in'),
      ...limited,
      schema: {
        tags,
        body: credentials.extend({
          code: z
            .string({ error: 'validation.required' })
            .trim()
            .regex(/^\d{6}$/, { error: 'server.invalid_code' }),
        }),
        response: { 200: loginSchema },
      },
    },
    async (request) => {
      const { token, userId } = await auth.login(
        request.body.email,
        request.body.password,
        request.body.code,
        request.locale,
      );
      return { token, user: await usersRepo.me(userId) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated', recordType: 'auth', logAction: 'signed_out' },
      schema: { tags, response: message },
    },
    async (request) => {
      await auth.logout(currentUser(request).sessionId);
      return { message: request.t('server.logged_out') };
    },
  );

  app.get(
    '/user',
    { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(signedInUserSchema) } },
    async (request) => ({ data: await usersRepo.me(currentUser(request).id) }),
  );
}

/** A forgotten password reset through a mailed link, and a signed-in user's own password change. */
function registerPasswordChanges(
  fastify: FastifyInstance,
  auth: AuthService,
  resets: ReturnType<typeof createPasswordResets>,
  limited: SignInLimits,
  doAfterAnswer: (work: () => Promise<void>) => void,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/users/reset-password',
    {
      config: signInStep('reset_requested'),
      ...limited,
      schema: { tags, body: z.object({ email: email() }), response: message },
    },
    async (request) => {
      // a known address costs a write and a mail, an unknown one nothing: both answer before either
      const { email } = request.body;
      const { locale } = request;
      doAfterAnswer(() => resets.requestReset(email, locale));
      return { message: request.t('server.reset_sent') };
    },
  );

  const tokenBody = z.object({ token: requiredText(200) });
  app.post(
    '/users/check-password-reset-token',
    {
      config: signInStep('reset_link_checked'),
      onRequest: limited.onRequest,
      schema: { tags, body: tokenBody, response: dataAnswer(resetTokenCheckSchema) },
    },
    async (request) => ({
      data: { valid: Boolean(await resets.usableReset(request.body.token)) },
    }),
  );

  app.post(
    '/users/reset-password-confirm',
    {
      config: signInStep('password_reset'),
      onRequest: limited.onRequest,
      schema: {
        tags,
        body: tokenBody
          .extend({
            password: z.string({ error: 'validation.required' }).min(8, { error: 'validation.password_min' }).max(200),
            password_confirmation: z.string().optional(),
          })
          .refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
            error: 'validation.passwords_differ',
            path: ['password_confirmation'],
          }),
        response: message,
      },
    },
    async (request) => {
      await resets.confirmReset(request.body.token, request.body.password);
      return { message: request.t('server.password_changed') };
    },
  );

  app.put(
    '/users/me/update-password',
    {
      config: { access: 'authenticated', recordType: 'users', ownRecord: true, recordsItself: true },
      schema: {
        tags,
        body: z
          .object({
            current_password: z
              .string({ error: 'validation.required' })
              .min(1, { error: 'validation.required' })
              .max(200),
            password: z.string({ error: 'validation.required' }).min(8, { error: 'validation.password_min' }).max(200),
            password_confirmation: z.string().optional(),
          })
          .refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
            error: 'validation.passwords_differ',
            path: ['password_confirmation'],
          }),
        response: message,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await auth.changePassword(
        user.id,
        user.sessionId,
        { current: request.body.current_password, next: request.body.password },
        recordWrite(request, 200),
      );
      return { message: request.t('app.record_updated') };
    },
  );
}
