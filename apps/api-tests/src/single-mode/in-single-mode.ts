import { startedStackModes } from '../stack.js';

/**
 * Imported first by the files of this folder: the stacks of the scenarios they import next boot
 * as one process (apps/single, ATRIUM_TEST_MODE=single; Jest gives each test file its own
 * process.env), and the file fails unless they all did.
 */
process.env.ATRIUM_TEST_MODE = 'single';

afterAll(() => {
  expect(startedStackModes.length).toBeGreaterThan(0);
  expect(startedStackModes.filter((mode) => mode !== 'single')).toEqual([]);
});
