import { randomUUID } from 'node:crypto';

/** Runs one statement on TEST_DATABASE_URL's server, on a connection of its own. */
async function onServer(statement: string) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on TEST_DATABASE_URL's PostgreSQL server, named `<prefix>_<random>`, a copy of `template` when one is
 * named: its name, its URL and how to drop it.
 */
export async function newTestDatabase(prefix: string, template?: string) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await onServer(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
