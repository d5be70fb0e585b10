import type { Page } from 'playwright-core';

/** A paused request, as the browser's DevTools protocol gives it. */
export interface PausedRequest { url: string; method: string; headers: Record<string, string>; postData?: string }

/** What the stand-in does with a paused request. */
export type NarrowAnswer =
  | { json: unknown } // answer with this body (at the response stage: in place of the server's)
  | { url: string } // send the request to this address instead (at the request stage)
  | undefined; // let it through unchanged

export interface NarrowRoute {
  /** A URL pattern of the DevTools protocol's Fetch domain (`*` matches anything). */
  pattern: string;
  /** `response`: the handler is given the server's answer, parsed. */
  stage: 'request' | 'response';
  handle(request: PausedRequest, answer?: unknown): Promise<NarrowAnswer> | NarrowAnswer;
}

/**
 * Stands in for some of the server's answers through the DevTools protocol, pausing only the requests
 * that match the routes' patterns. Playwright's `page.route` pauses every request of the page once
 * any route is set, and each one waits for a round trip through the test driver (the bench's own
 * Node process, which also serves the app): a page loading forty chunks was measured about 300 ms
 * slower to mount that way at 1x CPU, a cost the peer pages, which set no route, never paid.
 */
export async function narrowRoutes(page: Page, routes: NarrowRoute[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*')}$`);
  const matchers = routes.map((route) => ({ route, re: globToRegExp(route.pattern) }));
  cdp.on('Fetch.requestPaused', (event) => {
    void (async () => {
      const stage = event.responseStatusCode === undefined && event.responseErrorReason === undefined ? 'request' : 'response';
      const route = matchers.find((m) => m.route.stage === stage && m.re.test(event.request.url))?.route;
      const request: PausedRequest = { url: event.request.url, method: event.request.method, headers: event.request.headers, postData: event.request.postData };
      try {
        if (!route) return await cdp.send('Fetch.continueRequest', { requestId: event.requestId });
        let answer: unknown;
        if (stage === 'response') {
          const { body, base64Encoded } = await cdp.send('Fetch.getResponseBody', { requestId: event.requestId });
          answer = JSON.parse(base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body);
        }
        const result = await route.handle(request, answer);
        if (result && 'json' in result) {
          await cdp.send('Fetch.fulfillRequest', {
            requestId: event.requestId,
            responseCode: 200,
            responseHeaders: [{ name: 'content-type', value: 'application/json; charset=utf-8' }, { name: 'cache-control', value: 'no-store' }],
            body: Buffer.from(JSON.stringify(result.json)).toString('base64'),
          });
        } else if (result && 'url' in result) {
          await cdp.send('Fetch.continueRequest', { requestId: event.requestId, url: result.url });
        } else if (stage === 'response') {
          await cdp.send('Fetch.continueResponse', { requestId: event.requestId });
        } else {
          await cdp.send('Fetch.continueRequest', { requestId: event.requestId });
        }
      } catch (error) {
        // the page may have gone (its context closed mid-request): nothing is waiting for the answer
        if (!/Target closed|Session closed|Invalid InterceptionId|not found/i.test(String(error))) throw error;
      }
    })();
  });
  await cdp.send('Fetch.enable', { patterns: routes.map((route) => ({ urlPattern: route.pattern, requestStage: route.stage === 'request' ? ('Request' as const) : ('Response' as const) })) });
}

/** The request's own headers, for calling the server as the page would (its bearer token). */
export async function callAsPage(request: PausedRequest, body?: unknown): Promise<unknown> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => /^(authorization|content-type|accept-language)$/i.test(name)));
  const res = await fetch(request.url, { method: request.method, headers, body: body === undefined ? request.postData : JSON.stringify(body) });
  return res.json();
}
