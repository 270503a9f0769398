/**
 * For tests: holds the crisis reading's chunk back until the test lets it come (a slow network,
 * or none). A test file mocks the module to wait on `arrived`:
 *
 *   vi.mock('@shared/safety/crisis', async (importOriginal) => {
 *     const { arrived } = await import('./crisisReadingGate');
 *     await arrived;
 *     return importOriginal();
 *   });
 *
 * Each test file has its own module graph, so each starts with the reading held.
 */
let arrive = () => {};

export const arrived = new Promise<void>((resolve) => (arrive = resolve));

/** Lets the held reading come. */
export const letReadingArrive = () => arrive();
