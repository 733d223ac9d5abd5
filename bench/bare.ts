/**
 * The bare server of the side-by-side benchmark: Node's http and one pg pool, no framework, no sign-in, no
 * validation. GET /api/sales answers the same page of sales as the project's list, with its units and installments,
 * from one statement: the floor under what the project's list could cost on this machine.
 *
 *   BARE_DATABASE_URL=postgres://… BARE_PORT=3790 tsx bench/bare.ts
 */
import http from 'node:http';
import pg from 'pg';

/** The list's query: a page of live sales under the three filters, with the names, units and schedule around each. */
export const BARE_SALES_SQL = `
select s.id, s.contract_no, s.status, s.price, s.currency, s.paid_total, s.contract_start_date, s.created_at,
  b.name as building_name, c.name_ka as customer_name,
  coalesce(c.personal_number, c.company_code) as customer_personal_number,
  a.name as agent_name, u.full_name as user_name,
  (select json_agg(json_build_object('id', p.id, 'no', p.no, 'floor', p.floor, 'area', p.area, 'block_name', bl.name)
     order by p.id)
   from sale_properties sp join properties p on p.id = sp.property_id left join blocks bl on bl.id = p.block_id
   where sp.sale_id = s.id) as units,
  (select json_agg(json_build_object('number', i.number, 'due_date', i.due_date, 'amount', i.amount, 'paid', i.paid)
     order by i.number)
   from installments i where i.sale_id = s.id) as installments,
  count(*) over () as total
from sales s
join buildings b on b.id = s.building_id
join customers c on c.id = s.customer_id
left join agents a on a.id = s.agent_id
left join users u on u.id = s.user_id
where s.deleted_at is null and s.building_id = any($1::int[]) and s.status = any($2::text[])
  and s.contract_start_date >= $3::date
order by s.id desc
limit $4 offset $5`;

/** The same statement with its values written in, for pgbench. */
export const literalSalesSql = (
  buildingIds: number[],
  statuses: string[],
  from: string,
  limit: number,
  offset: number,
) =>
  BARE_SALES_SQL.replace('$1::int[]', `array[${buildingIds.join(',')}]::int[]`)
    .replace('$2::text[]', `array[${statuses.map((s) => `'${s}'`).join(',')}]::text[]`)
    .replace('$3::date', `'${from}'::date`)
    .replace('$4', String(limit))
    .replace('$5', String(offset))
    .replace(/\s+/g, ' ')
    .trim();

if (process.env.BARE_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    if (url.pathname !== '/api/sales') {
      response.writeHead(404).end();
      return;
    }
    const perPage = Number(url.searchParams.get('perpage') ?? 10);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    try {
      const { rows } = await pool.query(BARE_SALES_SQL, [
        url.searchParams.getAll('building_ids[]').map(Number),
        url.searchParams.getAll('sale_statuses[]'),
        url.searchParams.get('contract_start_date_from') ?? '1900-01-01',
        perPage,
        (page - 1) * perPage,
      ]);
      const total = rows.length ? Number(rows[0].total) : 0;
      const body = JSON.stringify({
        data: rows.map(({ total: _total, ...row }) => row),
        meta: { page, perpage: perPage, total },
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(Number(process.env.BARE_PORT ?? 3790), '127.0.0.1', () => process.send?.('ready'));
}
