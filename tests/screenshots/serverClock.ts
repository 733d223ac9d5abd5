/**
 * Imported before the server's entry: the process's clock starts at FROZEN_NOW and runs on from there, so the demo's
 * data, seeded relative to today, and everything the embedded database stamps are the same on every run.
 */
import FakeTimers from '@sinonjs/fake-timers';

if (!process.env.FROZEN_NOW) throw new Error('FROZEN_NOW is not set');
FakeTimers.withGlobal(globalThis).install({
  now: new Date(process.env.FROZEN_NOW),
  toFake: ['Date'],
  shouldAdvanceTime: true,
});
