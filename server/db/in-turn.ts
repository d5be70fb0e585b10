/** Runs the calls handed to it one at a time (see `inTurn`). */
export type InTurn = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * A queue of calls on something that takes one at a time (a database connection): each call starts
 * once the one before it has settled, in the order they were handed in, whoever awaits them. A call
 * that fails (or throws) fails its own caller only; the next one runs as if it had succeeded.
 * Used by the request's transaction (`RequestScope.inTurn`) and the weighing station's own
 * PostgreSQL connection (`SerialClient`).
 */
export function inTurn(): InTurn {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(call: () => Promise<T>): Promise<T> => {
    const result = last.then(call);
    last = result.catch(() => undefined);
    return result;
  };
}
