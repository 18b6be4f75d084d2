import { jest } from '@jest/globals';
import { startedStackModes } from '../stack.js';

/**
 * Imported first by the files of this folder: the stacks of the scenarios they import next boot
 * as one process (apps/single, ATRIUM_TEST_MODE=single; Jest gives each test file its own
 * process.env), and the file fails unless they all did.
 */
process.env.ATRIUM_TEST_MODE = 'single';
// Every service boots in each stack, whichever the scenario names: more than its hooks were given
// for, on this loaded 2-core machine (the global 30 s).
jest.setTimeout(90_000);

afterAll(() => {
  expect(startedStackModes.length).toBeGreaterThan(0);
  expect(startedStackModes.filter((mode) => mode !== 'single')).toEqual([]);
});
