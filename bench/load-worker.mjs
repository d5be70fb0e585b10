// The load generator of the API benchmarks, in its own thread: the calls' own work (HTTP client,
// reading answers) runs beside the server rather than on the server's event loop, as real callers'
// does. Plain JavaScript so that the thread needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { requests, concurrency, url, method, headers, body } = workerData;
const times = [];
let next = 0;
let failure = null;
const worker = async () => {
  while (next < requests && !failure) {
    next += 1;
    const started = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    if (res.status !== 200) failure = `${method} ${url} answered ${res.status}`;
    times.push(performance.now() - started);
  }
};
await Promise.all(Array.from({ length: concurrency }, worker));
parentPort.postMessage({ times, failure });
