/**
 * A programmable HTTP server on loopback standing in for an outside system (NHTSA, vPIC, Anthropic,
 * manufacturers). Tests register handlers per method + path; every request is recorded.
 *
 *   const nhtsa = await startFakeServer();
 *   nhtsa.on("GET", "/recalls/recallsByVehicle", (req) => ({ body: { Count: 0, results: [] } }));
 *   ... nhtsa.requests.length ...
 *   await nhtsa.close();
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
  /** Wait this long before answering (to exercise deadlines). */
  delayMs?: number;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  on(method: string, path: string | RegExp, handler: FakeHandler): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  let routes: { method: string; path: string | RegExp; handler: FakeHandler }[] = [];
  const requests: FakeRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(request);
    const route = [...routes]
      .reverse()
      .find(
        (r) =>
          r.method === request.method &&
          (typeof r.path === "string" ? r.path === request.path : r.path.test(request.path)),
      );
    const answer: FakeResponse = route
      ? await route.handler(request)
      : { status: 404, body: { error: `fake: no handler for ${request.method} ${request.path}` } };
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (answer.destroy) {
      req.socket.destroy();
      return;
    }
    const isRaw = typeof answer.body === "string" || Buffer.isBuffer(answer.body) || answer.body === undefined;
    const payload = isRaw ? ((answer.body as string | Buffer | undefined) ?? "") : JSON.stringify(answer.body);
    const headers = { ...(isRaw ? {} : { "content-type": "application/json" }), ...answer.headers };
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, headers);
    res.end(payload);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, handler) {
      routes.push({ method: method.toUpperCase(), path, handler });
    },
    reset() {
      routes = [];
      requests.length = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
