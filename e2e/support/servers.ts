// The e2e suite's servers: one per Playwright worker, each on a fresh embedded database of its own, so
// that two test files run side by side without seeing each other's data (a file's tests still run one
// after another on their worker's server, as they always did).

/** The first server's port; worker N's server listens on the port N above it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * How many test files run at once, each on a server of its own. Three on a 2-core machine: the weigh
 * file, which mostly waits for the simulated scale's truck cycles (about a minute and a half), on one,
 * and the other files two at a time beside it (playwright.config.ts limits each project): with two in
 * all, the weigh file left a single worker for the other files while it waited, one core idle.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The address of the server that the worker with this parallel index uses. */
export function serverURL(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_PORT + parallelIndex}`;
}
