// The e2e suite's servers: one per Playwright worker, each on a fresh embedded database of its own, so
// that two test files run side by side without seeing each other's data (a file's tests still run one
// after another on their worker's server, as they always did).

/** The first server's port; worker N's server listens on the port N above it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * How many test files run at once. Two on a 2-core machine: much of an e2e test's time is spent waiting
 * (for the simulated scale's truck cycle, for a server answer, for a debounce), so a second worker fills
 * the first one's waits.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The address of the server that the worker with this parallel index uses. */
export function serverURL(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_PORT + parallelIndex}`;
}
