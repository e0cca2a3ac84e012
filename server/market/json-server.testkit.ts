/**
 * For tests only: a local HTTP server on a free port that answers JSON from a handler, so
 * the providers are tested over real sockets against the real services' formats, error
 * codes, slowness and outages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON (for broken answers). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (time-outs). */
  delayMs?: number;
}

export interface JsonServer {
  /** http://127.0.0.1:port */
  url: string;
  /** Every request's URL, in order. */
  requests: URL[];
  setHandler(handler: (url: URL) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startJsonServer(handler: (url: URL) => FakeAnswer): Promise<JsonServer> {
  let current = handler;
  const requests: URL[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = current(url);
    const send = () => {
      const text = answer.rawBody ?? JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json;charset=UTF-8',
        ...answer.headers,
      });
      res.end(text);
    };
    if (answer.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    } else {
      send();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (next) => {
      current = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
