/**
 * No 500 from any input: thousands of malformed requests across every route and method (public,
 * dealer, MCP, pages, docs assets, health, unknown paths): malformed percent-escapes, NUL and control
 * characters, huge and odd query strings, wrong methods including TRACE and `GET *` / `OPTIONS *`, odd
 * headers, bad JSON bodies. Asserted: no 5xx at all, and every 4xx under /api/ is a problem body
 * (application/problem+json), except the JSON-RPC error bodies /api/mcp answers malformed MCP messages with
 * (the MCP transport requires JSON-RPC there; the OpenAPI document says so).
 *
 * Requests go through node:http, not fetch: fetch refuses TRACE and cannot send a `*` target. The generator is
 * seeded, so a failure names a request that can be replayed.
 */
import http from "node:http";
import { startApp, type TestApp } from "./support/app";
import { testProvider } from "./support/test-database";
import { mulberry32 } from "../lib/seeded-random";

jest.setTimeout(300_000);

const TOTAL = 2400;
const CONCURRENCY = 8;

const BAD_SEGMENTS = [
  "%zz",
  "%ZZ",
  "%",
  "%4",
  "%e0%a4",
  "%c3%28",
  "%ed%a0%80",
  "%00",
  "%0a",
  "%0d%0a",
  "%1b",
  "%7f",
  "%09",
  "..",
  "%2e%2e",
  "%2F",
  "%5C",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "prototype",
  "-1",
  "0",
  "99999999999999999999",
  "1e400",
  "NaN",
  "Infinity",
  "%20",
  "%27",
  "%22",
  "%3Cscript%3E",
  "%23",
  "%3F",
  "%C3%BC",
  "%F0%9F%9A%97",
  "A".repeat(2000),
  "1HGCM82633A004352",
  "1hgcm82633a00435%21",
  "WVGZZZ5NZEW069297",
  "honda",
  "2003",
  "ca",
  "x".repeat(300),
  "%u0041",
  "%%",
  "%25",
  "+",
  "%2B",
  ".",
  "~",
];

const BAD_QUERIES = [
  "",
  "vin=%zz",
  "vin=%00",
  "vin=1HGCM82633A004352%00",
  "make=%00&model=accord&year=2003",
  "make=honda&model=%00&year=2003",
  "make=honda&model=accord&year=2003%0a",
  "make=hon%0Ada&model=accord&year=2003",
  "a=b&a=c",
  "vin=1&vin=2",
  "vin[]=1HGCM82633A004352",
  "year=1e400&make=honda&model=accord",
  "year=-0&make=a&model=b",
  "=&=&",
  "&&&&",
  "%",
  "%=%",
  "insight=maybe",
  "live=yes",
  "format=%ff",
  "format=check&vin=1HGCM82633A004352",
  "campaign=%ff",
  "campaign=24V436000%00",
  "state=%zz",
  "mileage=-1",
  "mileage=1e309",
  `q=${"a".repeat(6000)}`,
  `vin=${"%41".repeat(2500)}`,
  `x=${"y".repeat(9000)}`,
  "__proto__=1",
  "constructor=1&toString=2",
  "make=%E2%80%AEadnoh&model=x&year=2003",
  "vin=%F0%9F%9A%97",
  "limit=99999999999999999999",
  "page=-1",
];

const PATHS = [
  "/api/public/vin/{s}",
  "/api/public/vin/{s}?{q}",
  "/api/public/pricing/{s}/{s}/{s}",
  "/api/public/pricing/{s}/{s}/{s}/{s}",
  "/api/public/pricing/honda/accord/{s}?{q}",
  "/api/market-data?{q}",
  "/api/recalls?{q}",
  "/api/vin-insights/{s}/{s}/{s}",
  "/api/vin-insights/2003/honda/{s}?{q}",
  "/api/public/openapi.json?{q}",
  "/api/dealer/v1/window-sticker?{q}",
  "/api/dealer/v1/provision?{q}",
  "/api/mcp?{q}",
  "/api/health?{q}",
  "/api/{s}",
  "/api/public/{s}",
  "/api/dealer/v1/{s}",
  "/api/public/vin/{s}/{s}",
  "/api/recalls/{s}",
  "/api",
  "/",
  "/?{q}",
  "/vin/{s}",
  "/vin?{q}",
  "/recalls?{q}",
  "/recalls/{s}/{s}/{s}",
  "/pricing/{s}/{s}/{s}",
  "/pricing/{s}/{s}/{s}/{s}",
  "/market?{q}",
  "/dealers?{q}",
  "/docs",
  "/docs/assets/{s}",
  "/llms.txt",
  "/.well-known/api-catalog",
  "/robots.txt",
  "/sitemap.xml",
  "/{s}",
  "/{s}/{s}",
];

const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"];

const BODIES: (string | Buffer)[] = [
  "{",
  "[]",
  "null",
  "1",
  '"x"',
  "{}",
  '{"vins": 5}',
  '{"vins": ["%zz"]}',
  '{"vins": ["\\u0000"]}',
  '{"vins": []}',
  '{"jsonrpc":"2.0"}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"decode_vin","arguments":{"vin":"\\u0000"}}}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"__proto__"}}',
  '{"jsonrpc":"1.0","id":{},"method":7}',
  '{"__proto__":{"polluted":true}}',
  "\u0000\u0001\u0002",
  Buffer.from([0xff, 0xfe, 0xfd]),
  "a".repeat(300 * 1024),
  JSON.stringify({ vins: Array.from({ length: 600 }, () => "1HGCM82633A004352") }),
];

const HEADER_SETS: Record<string, string>[] = [
  {},
  { "content-type": "application/json" },
  { "content-type": "application/json; charset=utf-9" },
  { "content-type": "text/plain" },
  { "content-type": "multipart/form-data; boundary=" },
  { accept: "*/*;q=bad, application/json;q=2" },
  { "if-none-match": '"x", W/' },
  { "if-none-match": "*" },
  { "x-request-id": "../../etc/passwd" },
  { "x-request-id": "a".repeat(500) },
  { "x-api-key": "vs_not_a_real_key" },
  { "x-api-key": "" },
  { "x-api-key": "%00" },
  { origin: "http://evil.example", "next-action": "deadbeef" },
  { "next-action": "0".repeat(40), "content-type": "text/plain;charset=UTF-8" },
  { range: "bytes=abc" },
  { "accept-encoding": "gzip;q=x" },
  { "mcp-protocol-version": "1900-01-01" },
  { "content-type": "application/x-www-form-urlencoded" },
];

interface Sent {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function generate(count: number): Sent[] {
  const rand = mulberry32(14);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
  const out: Sent[] = [
    // Named cases, always sent: bad escapes, NUL, prototype names, TRACE, `*` targets, unknown paths and methods.
    { method: "GET", target: "/api/public/vin/%zz", headers: {} },
    { method: "GET", target: "/api/vin-insights/%ZZ/-1/A", headers: {} },
    { method: "GET", target: "/api/recalls?make=hon%00da&model=accord&year=2003", headers: {} },
    { method: "GET", target: "/docs/assets/constructor", headers: {} },
    { method: "GET", target: "/docs/assets/__proto__", headers: {} },
    { method: "GET", target: "/docs/assets/toString", headers: {} },
    { method: "TRACE", target: "/", headers: {} },
    { method: "TRACE", target: "/api/recalls", headers: {} },
    { method: "GET", target: "*", headers: {} },
    { method: "OPTIONS", target: "*", headers: {} },
    { method: "GET", target: "/api/nothing-here", headers: {} },
    { method: "DELETE", target: "/api/public/vin/1HGCM82633A004352", headers: {} },
    {
      method: "POST",
      target: "/dealers",
      headers: { origin: "http://evil.example", "next-action": "0".repeat(42), "content-type": "text/plain" },
      body: "[]",
    },
  ];
  while (out.length < count) {
    const method = pick(METHODS);
    let target = pick(PATHS)
      .replace(/\{s\}/g, () => pick(BAD_SEGMENTS))
      .replace(/\{q\}/g, () => pick(BAD_QUERIES));
    if (rand() < 0.03) target = pick(["*", "//api/health", "/api/health#frag", "/api/public/vin/%zz?%zz"]);
    const headers = { ...pick(HEADER_SETS) };
    const withBody = method === "POST" || method === "PUT" || method === "PATCH" || rand() < 0.05;
    out.push({ method, target, headers, ...(withBody ? { body: pick(BODIES) } : {}) });
  }
  return out;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function send(base: URL, req: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers["content-length"] = Buffer.byteLength(req.body);
    const r = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.target,
        headers,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    r.on("timeout", () => r.destroy(new Error(`no answer in 20 s to ${req.method} ${req.target.slice(0, 120)}`)));
    r.on("error", reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

const describeOnce = testProvider() === "sqlite" || process.env.FUZZ_ALL_PROVIDERS ? describe : describe.skip;

describeOnce("fuzz: malformed requests across every route and method", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  test(`${TOTAL} malformed requests: no 5xx, and a problem body on every 4xx under /api/`, async () => {
    const requests = generate(TOTAL);
    const base = new URL(app.url);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const req = requests[next++];
        const where = `${req.method} ${req.target.slice(0, 160)} ${JSON.stringify(req.headers).slice(0, 120)} body=${String(req.body ?? "").slice(0, 60)}`;
        let answer: Answer;
        try {
          answer = await send(base, req);
        } catch (error) {
          failures.push(`${where} → no answer: ${(error as Error).message}`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`${where} → ${answer.status} ${answer.body.slice(0, 200)}`);
        const api = req.target.startsWith("/api/") || req.target === "/api" || req.target.startsWith("/api?");
        const jsonRpc =
          req.target.startsWith("/api/mcp") &&
          req.method === "POST" &&
          answer.contentType.startsWith("application/json");
        if (api && answer.status >= 400 && answer.status < 500 && req.method !== "HEAD" && !jsonRpc) {
          if (!answer.contentType.startsWith("application/problem+json")) {
            failures.push(
              `${where} → ${answer.status} as "${answer.contentType}", not a problem body: ${answer.body.slice(0, 120)}`,
            );
          } else {
            const body = JSON.parse(answer.body);
            if (
              body.status !== answer.status ||
              typeof body.requestId !== "string" ||
              typeof body.detail !== "string"
            ) {
              failures.push(
                `${where} → ${answer.status} with an incomplete problem body: ${answer.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    // The answers must cover the refusals this test exists for, or it tested nothing.
    for (const status of [400, 404, 405]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect({ summary, failures: failures.slice(0, 30), failureCount: failures.length }).toEqual({
      summary,
      failures: [],
      failureCount: 0,
    });
    expect(requests.length).toBeGreaterThanOrEqual(2000);
  });
});

describeOnce("named refusals of malformed requests", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });
  const raw = (req: Sent) => send(new URL(app.url), req);

  test("a cross-site form post to a page is 403 saying why (CSRF protection kept), not 500", async () => {
    const res = await raw({
      method: "POST",
      target: "/dealers",
      headers: { origin: "http://evil.example", "next-action": "0".repeat(42), "content-type": "text/plain" },
      body: "[]",
    });
    expect(res.status).toBe(403);
    expect(res.body).toContain("Cross-site form posts are refused");
  });

  test("TRACE and `GET *` / `OPTIONS *` are refused cleanly", async () => {
    const trace = await raw({ method: "TRACE", target: "/api/recalls", headers: {} });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toMatchObject({ status: 405, reason: "method_not_allowed" });
    for (const method of ["GET", "OPTIONS"]) expect((await raw({ method, target: "*", headers: {} })).status).toBe(400);
  });

  test("malformed escapes and control characters are 400 problems with their reason", async () => {
    for (const [target, reason] of [
      ["/api/public/vin/%zz", "bad_encoding"],
      ["/api/vin-insights/%ZZ/-1/A", "bad_encoding"],
      ["/api/recalls?make=hon%00da&model=accord&year=2003", "control_characters"],
    ]) {
      const res = await raw({ method: "GET", target, headers: {} });
      expect({ target, status: res.status, type: res.contentType, reason: JSON.parse(res.body).reason }).toEqual({
        target,
        status: 400,
        type: "application/problem+json",
        reason,
      });
    }
  });

  test("unknown /api paths are 404 problems; a wrong method is 405 with Allow and a problem body", async () => {
    const unknown = await fetch(`${app.url}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    const wrong = await fetch(`${app.url}/api/public/vin/1HGCM82633A004352`, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await wrong.json()).toMatchObject({ status: 405, reason: "method_not_allowed" });
  });

  test("docs asset names never reach prototype properties", async () => {
    for (const name of ["constructor", "__proto__", "toString"]) {
      const res = await fetch(`${app.url}/docs/assets/${name}`);
      expect({ name, status: res.status }).toEqual({ name, status: 404 });
    }
    expect((await fetch(`${app.url}/docs/assets/swagger-ui.css`)).status).toBe(200);
  });
});
