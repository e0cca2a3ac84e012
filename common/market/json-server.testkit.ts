/**
 * For tests only: a local HTTP server on a free port that answers JSON from a handler, so the
 * market code is tested over real sockets against the real services' formats, error codes,
 * slowness and outages.
 *
 * common/ is type-checked without Node's types as well (the web project), so node:http is
 * loaded at run time through the narrow interface below.
 */

interface NodeRequest {
  url?: string;
}

interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): void;
  end(body: string): void;
}

interface NodeServer {
  listen(port: number, host: string, callback: () => void): void;
  address(): { port: number } | string | null;
  close(callback: (error?: Error) => void): void;
  closeAllConnections(): void;
}

interface NodeHttp {
  createServer(handler: (request: NodeRequest, response: NodeResponse) => void): NodeServer;
}

/** A variable, so neither TypeScript nor Vite tries to resolve it for the web project. */
const NODE_HTTP = 'node:http';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON (for broken answers). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (time-outs). */
  delayMs?: number;
  /** Never answer (until the server closes). */
  hang?: boolean;
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
  const http = (await import(/* @vite-ignore */ NODE_HTTP)) as NodeHttp;
  let current = handler;
  const requests: URL[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = current(url);
    if (answer.hang) return;
    const send = () => {
      response.writeHead(answer.status ?? 200, {
        'content-type': 'application/json;charset=UTF-8',
        ...answer.headers,
      });
      response.end(answer.rawBody ?? JSON.stringify(answer.body ?? null));
    };
    if (!answer.delayMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, answer.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    setHandler: (next) => {
      current = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
