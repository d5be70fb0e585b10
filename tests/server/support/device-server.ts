import net from 'node:net';
import type { ScaleProtocol } from '../../../src/schema/weigh';
import { encodeFrame } from '../../../server/weigh/protocols';

/**
 * A serial device server stand-in for tests, on one of the suite's own ports: it sends the
 * indicator's real frames every 100 ms to whoever connects. The test sets what the indicator
 * shows: one weight, or weights in turn (a truck still moving).
 */
export function deviceServer(port: number, protocol: ScaleProtocol = 'yaohua-tf0', onSend?: (weight: number, at: number) => void) {
  const sockets = new Set<net.Socket>();
  let sending = true;
  let shown: number[] = [0];
  let tick = 0;
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  const timer = setInterval(() => {
    if (!sending) return;
    const weight = shown[tick++ % shown.length];
    for (const s of sockets) s.write(encodeFrame(protocol, weight));
    if (sockets.size) onSend?.(weight, Date.now());
  }, 100);
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** What the indicator shows from now on: a weight, or weights in turn. */
    show: (...weights: number[]) => { shown = weights; tick = 0; },
    pause: () => { sending = false; },
    resume: () => { sending = true; },
    /** Drops every connection and stops listening (the device server rebooting). */
    close: () => new Promise<void>((resolve) => {
      clearInterval(timer);
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
