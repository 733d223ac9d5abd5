import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_LANGUAGES, PAYMENT_TYPES } from '../../../domain/sales';
import {
  customerSaleSchema,
  managerMonthSalesSchema,
  saleBriefSchema,
  saleChoicesSchema,
  saleDetailSchema,
  saleHistoryRowSchema,
  saleSchema,
  saleTotalsSchema,
} from '../../../domain/contracts/sales';
import { messageSchema } from '../../../domain/contracts/users';
import { importedSchema } from '../../../domain/contracts/imports';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { needs } from '../../core/types';
import { registerOwnerFiles } from '../documents';
import { sendTemplate } from '../../core/imports';
import { idParams, pathId, requiredId } from '../../core/fields';
import { businessToday } from '../../../domain/businessDay';
import { refuseViewOnly } from '../saleLedger';
import {
  agentFeeBody,
  cancelBody,
  createSaleBody,
  historiesQuery,
  monthQuery,
  salesQuery,
  trashedQuery,
  updatePropertiesBody,
  updateSaleBody,
} from './fields';
import { importSales, SALE_COLUMNS } from './import';
import { createSalesRepository, type SalesRepository } from './repository';

const tags = ['sales'];
const saleIdParams = z.object({ saleId: pathId() });
const saleIdSnakeParams = z.object({ sale_id: pathId() });

const readers = needs('view_sales', 'view_only_own_sales');
const saleAnswer = dataAnswer(saleDetailSchema);
const messageAnswer = { 200: messageSchema };

/** The signed-in user who changes a sale: one who only views sales is refused. */
const writer = (request: { user: Parameters<typeof currentUser>[0]['user'] }) => {
  const user = currentUser(request);
  refuseViewOnly(user);
  return user;
};

/**
 * The sales calls (contract "Sales"): the list with its filters and its totals, one sale, the
 * writes (each one transaction with its history entry), the trash, the history, the agent fee, the files and the
 * Excel import. An accountant reads sales but does not change them (403).
 */
export default async function salesRoutes(fastify: FastifyInstance) {
  const repo = createSalesRepository(fastify.db);
  registerSaleReading(fastify, repo);
  registerSaleChanges(fastify, repo);

  // The sale's documents, seen by whoever sees the sale.
  registerOwnerFiles(fastify, {
    prefix: '/sales',
    ownerType: 'sale',
    access: { read: readers, write: needs('add_sales', 'edit_sales') },
    ownerVisible: (request, ownerId) => repo.visible(currentUser(request), ownerId),
  });
  // a cancelled sale's documents stay readable by those who read cancelled sales
  registerOwnerFiles(fastify, {
    prefix: '/sales/trashed',
    ownerType: 'sale',
    access: { read: needs('view_canceled_sales') },
    ownerVisible: (request, ownerId) => repo.visible(currentUser(request), ownerId, { trashed: true }),
  });
}

/**
 * The sales lists (current, cancelled, history, by customer, by manager) with their totals and choices, and one sale.
 */
function registerSaleReading(fastify: FastifyInstance, repo: SalesRepository) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sales',
    { config: { access: readers }, schema: { tags, querystring: salesQuery, response: listAnswer(saleSchema) } },
    async (request) => repo.list(currentUser(request), request.query, request.locale),
  );

  app.get(
    '/sales/totals',
    { config: { access: readers }, schema: { tags, querystring: salesQuery, response: dataAnswer(saleTotalsSchema) } },
    async (request) => ({
      data: await repo.totals(currentUser(request), request.query),
    }),
  );

  app.get(
    '/sales/payment-types',
    { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(saleChoicesSchema) } },
    async (request) => ({
      data: PAYMENT_TYPES.map((id) => ({ id, name: request.t(`sale_rules.payment_type.${id}`) })),
    }),
  );

  app.get(
    '/sales/getContractLanguages',
    { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(saleChoicesSchema) } },
    async (request) => ({
      data: CONTRACT_LANGUAGES.map((id) => ({ id, name: request.t(`sale_rules.contract_language.${id}`) })),
    }),
  );

  app.get(
    '/sales/trashed',
    {
      config: { access: needs('view_canceled_sales') },
      schema: { tags, querystring: trashedQuery, response: listAnswer(saleSchema) },
    },
    async (request) => repo.list(currentUser(request), request.query, request.locale, { trashed: true }),
  );

  app.get(
    '/sales/sale-histories',
    {
      config: { access: readers },
      schema: { tags, querystring: historiesQuery, response: listAnswer(saleHistoryRowSchema) },
    },
    async (request) => repo.histories(currentUser(request), request.query),
  );

  app.get(
    '/sales/with-targets',
    {
      config: { access: readers },
      schema: { tags, querystring: monthQuery, response: dataAnswer(z.array(managerMonthSalesSchema)) },
    },
    async (request) => ({
      data: await repo.withTargets(currentUser(request), request.query.month ?? businessToday().slice(0, 7)),
    }),
  );

  app.post(
    '/sales/getSalesByCustomer',
    {
      config: { access: readers, readOnly: true },
      schema: {
        tags,
        body: z.object({ customer_id: requiredId() }),
        response: dataAnswer(z.array(customerSaleSchema)),
      },
    },
    async (request) => ({
      data: await repo.byCustomer(currentUser(request), request.body.customer_id, request.locale),
    }),
  );

  app.get(
    '/sales/brief-info/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(saleBriefSchema) } },
    async (request) => ({
      data: await repo.brief(currentUser(request), request.params.id, request.locale),
    }),
  );

  app.get(
    '/sales/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: saleAnswer } },
    async (request) => ({
      data: await repo.get(currentUser(request), request.params.id, request.locale),
    }),
  );

  app.get(
    '/sales/:id/trashed',
    { config: { access: needs('view_canceled_sales') }, schema: { tags, params: idParams, response: saleAnswer } },
    async (request) => ({
      data: await repo.get(currentUser(request), request.params.id, request.locale, { trashed: true }),
    }),
  );
}

/** The writes: a sale created, imported, changed, its units changed, cancelled, its agent fee marked. */
function registerSaleChanges(fastify: FastifyInstance, repo: SalesRepository) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sales/importFromExcel/template',
    { config: { access: needs('add_sales') }, schema: { tags } },
    async (request, reply) => sendTemplate(request, reply, SALE_COLUMNS, 'sales'),
  );

  app.post(
    '/sales/importFromExcel',
    {
      config: { access: needs('add_sales'), logAction: 'imported', recordsItself: true },
      schema: { tags, response: createdAnswer(importedSchema) },
    },
    async (request, reply) => {
      const user = writer(request);
      return reply.status(201).send(await importSales(app, request, repo, user, recordWrite(request, 201)));
    },
  );

  app.post(
    '/sales',
    {
      config: { access: needs('add_sales'), recordsItself: true },
      schema: { tags, body: createSaleBody, response: createdAnswer(saleDetailSchema) },
    },
    async (request, reply) => {
      const sale = await repo.create(writer(request), request.body, request.locale, recordWrite(request, 201));
      return reply.status(201).send({ data: sale });
    },
  );

  app.put(
    '/sales/:id',
    {
      config: { access: needs('edit_sales'), recordsItself: true },
      schema: { tags, params: idParams, body: updateSaleBody, response: saleAnswer },
    },
    async (request) => {
      const record = recordWrite(request, 200);
      return { data: await repo.update(writer(request), request.params.id, request.body, request.locale, record) };
    },
  );

  app.patch(
    '/sales/:sale_id/update-properties',
    {
      config: { access: needs('edit_sales'), recordsItself: true },
      schema: { tags, params: saleIdSnakeParams, body: updatePropertiesBody, response: saleAnswer },
    },
    async (request) => {
      const { sale_id: id } = request.params;
      const record = recordWrite(request, 200);
      return { data: await repo.changeProperties(writer(request), id, request.body, request.locale, record) };
    },
  );

  app.delete(
    '/sales/:id',
    {
      config: { access: needs('delete_sales'), recordsItself: true },
      schema: { tags, params: idParams, response: messageAnswer },
    },
    async (request) => {
      const cancellation = { date: businessToday(), reason: null };
      await repo.cancel(writer(request), request.params.id, cancellation, recordWrite(request, 200));
      return { message: request.t('sale_rules.canceled') };
    },
  );

  app.post(
    '/sales/:id/delete-with-comment',
    {
      config: { access: needs('delete_sales'), logAction: 'sale_cancelled', recordsItself: true },
      schema: { tags, params: idParams, body: cancelBody, response: messageAnswer },
    },
    async (request) => {
      await repo.cancel(writer(request), request.params.id, request.body, recordWrite(request, 200));
      return { message: request.t('sale_rules.canceled') };
    },
  );

  app.put(
    '/sales/agentFeeStatus/:saleId',
    {
      config: { access: needs('edit_sales'), recordsItself: true },
      schema: { tags, params: saleIdParams, response: saleAnswer },
    },
    async (request) => {
      const record = recordWrite(request, 200);
      return {
        data: await repo.setAgentFee(writer(request), request.params.saleId, undefined, request.locale, record),
      };
    },
  );

  app.put(
    '/sales/agentFeeStatusV2/:saleId',
    {
      config: { access: needs('edit_sales'), recordsItself: true },
      schema: { tags, params: saleIdParams, body: agentFeeBody, response: saleAnswer },
    },
    async (request) => {
      const { saleId } = request.params;
      const record = recordWrite(request, 200);
      return { data: await repo.setAgentFee(writer(request), saleId, request.body.status, request.locale, record) };
    },
  );
}
