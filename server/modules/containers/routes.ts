import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  containerDetailSchema,
  containerPaymentSchema,
  containerSaleInfoSchema,
  containerSaleSchema,
  containerSchema,
  renovationBalanceSchema,
  renovationTotalsSchema,
} from '../../../domain/contracts/containers';
import { paymentCalculationSchema } from '../../../domain/contracts/payments';
import { CURRENCIES, fromMinor } from '../../../domain/money';
import { CONTAINER_STATUSES } from '../../../domain/services';
import { formBoolean, isoDate, listOf, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { dataAnswer, listAnswer } from '../../core/answers';
import {
  idParams,
  oneOf,
  optionalId,
  optionalText,
  pathId,
  positiveMoney,
  queryId,
  requiredId,
  requiredWhole,
} from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { invalid, notFound } from '../../core/errors';
import { registerOwnerFiles } from '../documents';
import { serviceName } from '../services';
import { businessToday } from '../../../domain/businessDay';
import { createContainersRepository } from './repository';
import { createContainerWrites, offeredServices } from './writes';
import { messageSchema } from '../../../domain/contracts/users';
import { plannedInstallmentSchema } from '../../../domain/contracts/paymentSchedules';

const tags = ['service containers'];
const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());

const containersQuery = listQuery.extend({
  building_ids: listOf(queryId()),
  sale_id: queryId().optional(),
  status: listOf(oneOf(CONTAINER_STATUSES)),
  debt: formBoolean().optional(),
});
const paymentsQuery = listQuery.extend({
  building_ids: listOf(queryId()),
  sale_id: queryId().optional(),
  container_id: queryId().optional(),
  currency: oneOf(CURRENCIES).optional(),
  paid_on_from: isoDate().optional(),
  paid_on_to: isoDate().optional(),
});
/** The schedule fields of POST /getPaymentScheduler (counts are checked by buildSchedule, which names the range). */
const scheduleFields = {
  first_payment_date: date(),
  period_months: requiredWhole(-32768, 32767).default(1),
  payments_count: requiredWhole(-32768, 32767).default(1),
  formula: optionalText(500),
};
const containerBody = z.object({
  sale_id: requiredId(),
  items: z
    .array(
      z.object({
        service_id: requiredId(),
        property_id: optionalId(),
        quantity: z.preprocess(
          (v) => (v === '' ? null : v),
          z.coerce.number({ error: V.invalidType }).positive({ error: V.positive }).max(1e6).nullable().optional(),
        ),
      }),
    )
    .min(1, { error: V.required })
    .max(100),
  ...scheduleFields,
  note: optionalText(2000),
});
/** The body of POST /payments/pay in mode renovation, naming the container (sale_id and mode may come too). */
const payBody = z.object({
  container_id: requiredId(),
  sale_id: optionalId(),
  mode: z.literal('renovation', { error: V.invalidValue }).optional(),
  amount: positiveMoney(),
  currency: oneOf(CURRENCIES),
  paid_on: date(),
  note: optionalText(2000),
});
const scheduleBody = z.object({
  container_id: optionalId(),
  price: positiveMoney().optional(),
  currency: oneOf(CURRENCIES).optional(),
  ...scheduleFields,
});

const readers = needs('view_service_containers');
const payers = needs('add_payments', 'add_service_containers');

/**
 * Containers: renovation packages sold on top of a sale, each with its services, its own schedule and its
 * payments; and POST /sales/{sale_id}/renovation/payment-schedule. Every money write goes through the sale ledger
 * (saleLedger): the sale is locked, the change written, the ledger settles the containers and the sale. Registered only
 * when MODULE_SERVICES is on.
 */
export default async function containersRoutes(fastify: FastifyInstance) {
  const repo = createContainersRepository(fastify.db);
  const writes = createContainerWrites(fastify.db);
  registerContainers(fastify, repo, writes);
  registerRenovationPayments(fastify, repo, writes);

  // the container's files (contracts, plans, photos), seen by whoever sees the container
  registerOwnerFiles(fastify, {
    prefix: '/containers',
    ownerType: 'container',
    access: { read: readers, write: needs('add_service_containers', 'edit_service_containers') },
    ownerVisible: async (request, ownerId) => {
      await repo.find(ownerId, currentUser(request), request.locale);
      return true;
    },
  });
}

type ContainersRepository = ReturnType<typeof createContainersRepository>;
type ContainerWrites = ReturnType<typeof createContainerWrites>;

/** The containers themselves: the list, one container, what a sale may order, ordering and removing. */
function registerContainers(fastify: FastifyInstance, repo: ContainersRepository, writes: ContainerWrites) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/containers',
    {
      config: { access: readers },
      schema: { tags, querystring: containersQuery, response: listAnswer(containerSchema) },
    },
    async (request) => repo.list(request.query, currentUser(request), request.locale),
  );

  app.get(
    '/containers/getSales',
    {
      config: { access: needs('add_service_containers') },
      schema: {
        tags,
        querystring: z.object({ query: z.string().trim().max(200).optional() }),
        response: dataAnswer(z.array(containerSaleSchema)),
      },
    },
    async (request) => ({
      data: await repo.salesForContainers(currentUser(request), request.locale, request.query.query),
    }),
  );

  app.get(
    '/containers/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(containerDetailSchema) } },
    async (request) => ({
      data: await repo.detail(request.params.id, currentUser(request), request.locale, businessToday()),
    }),
  );

  app.post(
    '/containers/getSaleInfo',
    {
      config: { access: needs('add_service_containers', 'view_service_containers'), readOnly: true },
      schema: { tags, body: z.object({ sale_id: requiredId() }), response: dataAnswer(containerSaleInfoSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const [sale] = await repo.salesForContainers(user, request.locale, undefined, request.body.sale_id);
      if (!sale) throw notFound();
      const offered = await offeredServices(app.db, { buildingId: sale.building_id, currency: sale.currency });
      return {
        data: {
          sale,
          units: await repo.saleUnits(sale.id),
          services: offered.flatMap((o) =>
            o.salePrice === null
              ? []
              : [
                  {
                    id: o.service.id,
                    name: serviceName(o.service, request.locale),
                    unit: o.service.unit,
                    price: fromMinor(o.price),
                    currency: o.currency,
                    sale_price: fromMinor(o.salePrice),
                  },
                ],
          ),
          ordered: await repo.orderedOf(sale.id, request.locale),
        },
      };
    },
  );

  app.post(
    '/containers',
    {
      config: { access: needs('add_service_containers'), recordsItself: true },
      schema: { tags, body: containerBody, response: { 201: z.object({ data: containerDetailSchema }) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await writes.create(user, request.body, recordWrite(request, 201));
      return reply.status(201).send({ data: await repo.detail(id, user, request.locale, businessToday()) });
    },
  );

  app.delete(
    '/containers/:id',
    {
      config: { access: needs('delete_service_containers'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await writes.remove(currentUser(request), request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}

/** The renovation's money: its payments, paying and unpaying a container, and the sale's renovation schedule. */
function registerRenovationPayments(fastify: FastifyInstance, repo: ContainersRepository, writes: ContainerWrites) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/containers/payments',
    {
      config: { access: needs('view_services', 'view_service_containers') },
      schema: {
        tags,
        querystring: paymentsQuery,
        response: listAnswer(containerPaymentSchema, { totals: renovationTotalsSchema }),
      },
    },
    async (request) => repo.renovationPayments(request.query, currentUser(request), request.locale),
  );

  app.delete(
    '/containers/deletePayment/:id',
    {
      config: { access: needs('delete_payments', 'delete_service_containers'), recordsItself: true },
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ message: z.string() }).extend(renovationBalanceSchema.shape) },
      },
    },
    async (request) =>
      writes.deletePayment(
        currentUser(request),
        request.params.id,
        request.t('app.deleted'),
        recordWrite(request, 200),
      ),
  );

  app.post(
    '/containers/calculatePayment',
    {
      config: { access: payers, readOnly: true },
      schema: { tags, body: payBody.omit({ note: true }), response: dataAnswer(paymentCalculationSchema) },
    },
    async (request) => ({ data: await writes.calculate(currentUser(request), request.body) }),
  );

  app.post(
    '/containers/pay',
    {
      config: { access: payers, recordsItself: true },
      schema: {
        tags,
        body: payBody,
        response: { 201: z.object({ data: containerPaymentSchema }).extend(renovationBalanceSchema.shape) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const found = await writes.containerSale(user, request.body.container_id);
      if (request.body.sale_id && request.body.sale_id !== found.saleId)
        throw invalid({ sale_id: ['validation.invalid_value'] });
      const answer = await writes.pay(user, request.body, request.locale, recordWrite(request, 201));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/sales/:sale_id/renovation/payment-schedule',
    {
      config: {
        access: needs('edit_sales', 'add_service_containers', 'edit_service_containers'),
        logAction: 'schedule_changed',
        recordsItself: true,
      },
      schema: {
        tags,
        params: z.object({ sale_id: pathId() }),
        body: scheduleBody,
        response: { 200: z.object({ data: z.array(plannedInstallmentSchema), message: z.string() }) },
      },
    },
    async (request) => {
      const record = recordWrite(request, 200);
      const { schedule } = await writes.replaceSchedule(
        currentUser(request),
        request.params.sale_id,
        request.body,
        record,
      );
      return {
        data: schedule.map((i) => ({ number: i.number, due_date: i.due_date, amount: fromMinor(i.amount) })),
        message: request.t('app.success'),
      };
    },
  );
}
