import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeApi {
  /** http://127.0.0.1:port */
  base: string;
  close(): void;
}

/**
 * A local HTTP server standing in for a public API (a chain's, a rate source's): the real client
 * code talks to it over HTTP. A handler that never answers is a source that times out.
 */
export async function startFakeApi(handle: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<FakeApi> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A request's body as text. */
export async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

export function sendJson(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
