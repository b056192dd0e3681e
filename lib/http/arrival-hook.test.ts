/**
 * The request hook's arrival stamp (the server gate's, lib/http/server-gate.ts): requests whose bytes come in together are all stamped
 * before any of them is handled, so a slow synchronous start of one does not make the next one's stamp late; the
 * first request of a connection counts from the connection, unless the connection sat idle before it.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { ARRIVED_HEADER } from "./arrival";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { installServerGate } from "./server-gate";

const originalEmit = http.Server.prototype.emit;
afterAll(() => {
  // The hook patches Node's own prototype: put it back for whatever runs next in this worker.
  http.Server.prototype.emit = originalEmit;
  (globalThis as { __vinscopeServerGate?: boolean }).__vinscopeServerGate = undefined;
});

test("two requests arriving together are stamped together, though the first takes 60 ms to start", async () => {
  installServerGate();
  const seen: Array<{ arrived: number; peer: string | undefined }> = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    seen.push({ arrived: Number(req.headers[ARRIVED_HEADER]), peer: req.headers[PEER_ADDRESS_HEADER] as string });
    const until = performance.now() + 60;
    while (performance.now() < until); // a slow synchronous start (routing, a decode, starting calls)
    res.end("ok");
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  try {
    const sockets = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, "127.0.0.1", () => resolve(s));
          }),
      ),
    );
    while (connections < 2) await new Promise((r) => setTimeout(r, 5));
    const answered = sockets.map(
      (s) =>
        new Promise<string>((resolve) => {
          let body = "";
          s.on("data", (d) => (body += d));
          s.on("end", () => resolve(body));
        }),
    );
    // Both requests leave in the same turn, so the server reads them in the same turn.
    for (const s of sockets) s.write("GET / HTTP/1.1\r\nHost: example\r\nConnection: close\r\n\r\n");
    for (const body of await Promise.all(answered)) expect(body).toContain("200 OK");
    expect(seen).toHaveLength(2);
    expect(Math.abs(seen[1].arrived - seen[0].arrived)).toBeLessThan(30);
    expect(seen.every((s) => s.peer === "127.0.0.1")).toBe(true);
  } finally {
    server.close();
  }
});

/** A server whose process is busy for `busyMs` right after each connection comes in; the stamps it saw. */
async function busyOnConnection(busyMs: number) {
  installServerGate();
  const stamps: Array<{ connected: number; arrived: number; handled: number }> = [];
  let connected = 0;
  const server = http.createServer((req, res) => {
    stamps.push({ connected, arrived: Number(req.headers[ARRIVED_HEADER]), handled: performance.now() });
    res.end("ok");
  });
  server.on("connection", () => {
    connected = performance.now();
    const until = connected + busyMs;
    while (performance.now() < until); // the starts of the requests the process already has
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  /** Connects, waits `idleMs` (0: sends at once, as a client does) and sends one request. */
  const ask = (idleMs: number) =>
    new Promise<string>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        const send = () => s.write("GET / HTTP/1.1\r\nHost: example\r\nConnection: close\r\n\r\n");
        if (idleMs) setTimeout(send, idleMs);
        else send();
      });
      let body = "";
      s.on("data", (d) => (body += d));
      s.on("end", () => resolve(body));
    });
  return { stamps, ask, close: () => server.close() };
}

test("a request sent with its connection counts from the connection, though the process reads it 80 ms later", async () => {
  const server = await busyOnConnection(80);
  try {
    expect(await server.ask(0)).toContain("200 OK");
    const [{ connected, arrived, handled }] = server.stamps;
    expect(handled - connected).toBeGreaterThanOrEqual(80);
    expect(arrived).toBeLessThanOrEqual(connected);
  } finally {
    server.close();
  }
});

test("a request sent 400 ms after its connection opened (a connection made ahead) counts from when it came", async () => {
  const server = await busyOnConnection(0);
  try {
    // The wait shows as the loop's idle time. On a machine loaded past its cores this process can be kept off the
    // CPU (or collect garbage) for part of it, which the stamp cannot tell from work: 400 ms leaves room for that,
    // and a stamp counted from the connection would still be 0 ms after it.
    expect(await server.ask(400)).toContain("200 OK");
    const [{ connected, arrived }] = server.stamps;
    expect(arrived - connected).toBeGreaterThanOrEqual(140);
  } finally {
    server.close();
  }
});

test("the next request on a kept-alive connection, read after a 250 ms busy stretch, counts from when the answer before it went out", async () => {
  installServerGate();
  let finished = 0;
  const seen: Array<{ arrived: number; handled: number }> = [];
  const server = http.createServer((req, res) => {
    seen.push({ arrived: Number(req.headers[ARRIVED_HEADER]), handled: performance.now() });
    res.setHeader("content-length", "2");
    if (seen.length === 1)
      res.once("finish", () => {
        finished = performance.now();
        // Long enough that a client process slowed by a loaded machine still sends within it.
        const until = finished + 250;
        while (performance.now() < until); // the answers of the outside calls the process's reports made
      });
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  // The client is another process, as clients are: it sends its second request as soon as it has the first answer,
  // while this process is still busy.
  const client = spawn(process.execPath, [
    "-e",
    `const s = require("node:net").connect(${port}, "127.0.0.1", () => s.write(ask));
     const ask = "GET / HTTP/1.1\\r\\nHost: example\\r\\n\\r\\n";
     let answers = 0;
     s.on("data", (d) => { answers += (String(d).match(/HTTP\\/1\\.1 200/g) || []).length; if (answers === 1) s.write(ask); if (answers === 2) s.end(); });`,
  ]);
  try {
    await new Promise((resolve) => client.once("exit", resolve));
    expect(seen).toHaveLength(2);
    expect(seen[1].handled - finished).toBeGreaterThanOrEqual(250);
    expect(seen[1].arrived - finished).toBeLessThan(20);
  } finally {
    client.kill();
    server.close();
  }
});
