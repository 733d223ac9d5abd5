import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take long, by name: the walks of every page (as each role, in each language, on a phone) and the key
 * screenshots. On a fresh clone vitest knows no file's duration and starts the largest files first, so these small
 * files that drive long tours ran last, on their own, while the other workers had nothing left to do.
 */
const LONG = /\/(walk\w*|screens|keyPages)\.test\.ts$/;

/** vitest's order (known durations, else size), with the files known to take long first. */
export class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}
