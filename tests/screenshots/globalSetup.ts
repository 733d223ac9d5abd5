import type { TestProject } from 'vitest/node';
import { startServer, type TestServer } from '../e2e/server';
import { FROZEN_NOW, TIME_ZONE } from './clock';

let server: TestServer | undefined;

/**
 * Starts a server of the screenshots' own on the embedded database, its clock started at FROZEN_NOW in Tbilisi's
 * time: the demo it seeds is the same on every run, and no other test changes it.
 */
export async function setup(project: TestProject) {
  server = await startServer({
    env: { FROZEN_NOW, TZ: TIME_ZONE },
    nodeArgs: ['--import', './tests/screenshots/serverClock.ts'],
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.serverLog);
}

export async function teardown() {
  await server?.stop();
}
