import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser';

// A failed browser test prints what its open pages showed at that moment.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    console.error(`What the open pages showed when the test failed:\n${await describeOpenPages()}`);
  });
});
