import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a stand-in service received it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw URL as sent (path and query string). */
  rawUrl: string;
  body: Buffer;
  /** The body read as a form (empty unless form-encoded). */
  form: URLSearchParams;
};

export type StandInReply = {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
};

export type StandIn = {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
};

/**
 * A local HTTP server on a random port (or `opts.port`) that plays a third-party service in tests: it records every
 * request and answers with what the handler returns. Tests use it because the real services are not
 * reachable from here, and it lets them assert exactly what an adapter sends.
 */
export async function startStandIn(
  handler: (req: ReceivedRequest) => StandInReply | Promise<StandInReply>,
  opts: { port?: number } = {},
): Promise<StandIn> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const received: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawUrl: req.url ?? '/',
      body,
      form: new URLSearchParams(isForm ? body.toString('utf8') : ''),
    };
    requests.push(received);
    let reply: StandInReply;
    try {
      reply = await handler(received);
    } catch (err) {
      reply = { status: 500, json: { error: { type: 'api_error', message: `stand-in failed: ${err}` } } };
    }
    const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.json !== undefined ? 'application/json' : 'text/plain',
      ...reply.headers,
    });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
