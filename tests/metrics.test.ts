/**
 * What an operator's Prometheus and tracing backend see: GET /metrics of the whole instance (every server process
 * of `npm start` and its job runner in one scrape), in a valid exposition, with route templates and never a VIN or
 * a key in a label; off without METRICS_TOKEN, 401 without the bearer; and with an OTLP endpoint set, the spans of
 * a report reaching a loopback receiver.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { parsePrometheusText, total, type Family } from "./support/prometheus-text";
import { testProvider } from "./support/test-database";

const CAMRY_2024 = "4T1G11AK7RU000001";
const AVENGER_2011 = "1B3BD1FG9BN510278";
const MDX_2022 = "5J8YE1H8XNL052358";
const VINS = [CAMRY_2024, AVENGER_2011, MDX_2022];
/** A VIN or a dealer key, wherever it would show: 17 VIN characters, or the key's prefix. */
const LEAKED = /(?<![A-Za-z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Za-z0-9])|vsk_/;

const scrape = (app: TestApp, token?: string) =>
  fetch(`${app.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** GET on a connection of its own, so the cluster's primary hands each to the next server process in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/** Every label value of every sample. */
const labelValues = (families: Map<string, Family>) =>
  [...families.values()].flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));

async function parsedScrape(app: TestApp): Promise<{ text: string; families: Map<string, Family> }> {
  const res = await scrape(app, "t");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  return { text, families: parsePrometheusText(text) };
}

describe("GET /metrics of one server process (next start)", () => {
  let nhtsa: FakeServer;
  let app: TestApp;

  beforeAll(async () => {
    nhtsa = await startFakeServer();
    nhtsa.on("GET", /.*/, () => ({ body: { Count: 0, Message: "Results returned successfully", results: [] } }));
    app = await startApp({ env: { METRICS_TOKEN: "t", NHTSA_API_BASE_URL: nhtsa.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await nhtsa?.close();
  });

  it("answers 401 without the bearer token or with another, and is never rate-limited or cached", async () => {
    for (const token of [undefined, "wrong", "t2", "T"]) {
      const res = await scrape(app, token);
      expect({ token, status: res.status }).toEqual({ token, status: 401 });
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect(await res.text()).not.toContain("vinscope_");
    }
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: "Basic dDp0" } });
    expect(res.status).toBe(401);
    const ok = await scrape(app, "t");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toBeNull();
  });

  it("is a valid exposition with route templates, sections and outside calls by source, and no VIN or key in a label", async () => {
    for (const vin of VINS) expect((await fetch(`${app.url}/api/public/vin/${vin}?insight=false`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/public/vin/NOT-A-VIN`)).status).toBe(400);
    const keyed = await fetch(`${app.url}/api/dealer/v1/watchlist`, { headers: { "x-api-key": "vsk_0123456789ab_x" } });
    expect(keyed.status).toBe(401);
    const { text, families } = await parsedScrape(app);

    expect(families.get("vinscope_http_request_duration_seconds")?.type).toBe("histogram");
    const reports = {
      route: "/api/public/vin/{vin}",
      method: "GET",
    };
    const count = "vinscope_http_request_duration_seconds_count";
    expect(total(families, "vinscope_http_request_duration_seconds", { ...reports, status_class: "2xx" }, count)).toBe(
      3,
    );
    expect(total(families, "vinscope_http_request_duration_seconds", { ...reports, status_class: "4xx" }, count)).toBe(
      1,
    );
    // Every section the reports asked for, by status; recalls asked the (fake) NHTSA source.
    for (const section of ["pricing", "recalls", "safetyRatings", "complaints", "fuelEconomy"])
      expect({ section, n: total(families, "vinscope_report_sections_total", { section }) }).toEqual({ section, n: 3 });
    expect(total(families, "vinscope_report_sections_total", { section: "insight" })).toBe(0);
    expect(total(families, "vinscope_outside_calls_total", { source: "nhtsa-recalls" })).toBeGreaterThan(0);
    expect(total(families, "vinscope_outside_breakers", { source: "nhtsa-recalls", state: "closed" })).toBe(1);
    // The instance's facts from the database, and Node's own process metrics.
    for (const name of [
      "vinscope_sync_last_success_timestamp_seconds",
      "vinscope_sync_running",
      "vinscope_webhook_outbox_events",
      "vinscope_write_behind_pending",
      "vinscope_rate_limit_refusals_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
    ])
      expect({ name, declared: families.has(name) }).toEqual({ name, declared: true });
    expect(total(families, "vinscope_webhook_outbox_events", { status: "pending" })).toBe(0);
    if (testProvider() === "postgresql") {
      expect(
        families
          .get("vinscope_db_pool_connections")
          ?.samples.map((s) => s.labels.state)
          .sort(),
      ).toEqual(["idle", "in_use", "waiting"]);
    }

    for (const value of labelValues(families))
      expect({ value, leaked: LEAKED.test(value) }).toEqual({ value, leaked: false });
    for (const vin of VINS) expect(text).not.toContain(vin);
    // Scrapes are not requests of the API: they do not count themselves.
    expect(text).not.toContain('route="/metrics"');
  });

  it("counts the public quota's refusals by scope", async () => {
    const limited = await startApp({ env: { METRICS_TOKEN: "t", RATE_LIMIT_REQUESTS: "2" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/api/public/makes`)).status);
      const refused = statuses.filter((s) => s === 429).length;
      expect(refused).toBeGreaterThanOrEqual(2);
      // The scrape itself is never limited, however often it is asked.
      for (let i = 0; i < 3; i++) expect((await scrape(limited, "t")).status).toBe(200);
      const { families } = await parsedScrape(limited);
      expect(total(families, "vinscope_rate_limit_refusals_total", { scope: "address" })).toBe(refused);
    } finally {
      await limited.stop();
    }
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is off: 404, whatever the request carries", async () => {
    const app = await startApp();
    try {
      expect((await scrape(app)).status).toBe(404);
      expect((await scrape(app, "t")).status).toBe(404);
    } finally {
      await app.stop();
    }
  });
});

// Process supervision does not depend on the database: the cluster suite runs once, in the SQLite pass.
const describeOnce = testProvider() === "sqlite" ? describe : describe.skip;

describeOnce("GET /metrics under npm start with WEB_CONCURRENCY=2", () => {
  it("shows every server process's and the job runner's counts in one scrape, whichever process answers it", async () => {
    const app = await startApp({ npmStart: true, env: { WEB_CONCURRENCY: "2", METRICS_TOKEN: "t" } });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          getOnNewConnection(`${app.url}/api/public/vin/${VINS[i % VINS.length]}?insight=false`),
        ),
      );
      expect(statuses).toEqual(Array(40).fill(200));
      expect((await scrape(app)).status).toBe(401);
      // Several scrapes, so both server processes answer one: each shows the whole instance.
      for (let i = 0; i < 4; i++) {
        const { text, families } = await parsedScrape(app);
        expect(total(families, "vinscope_scrape_processes", { kind: "server" })).toBe(2);
        expect(total(families, "vinscope_scrape_processes", { kind: "job_runner" })).toBe(1);
        const requests = total(
          families,
          "vinscope_http_request_duration_seconds",
          { route: "/api/public/vin/{vin}", status_class: "2xx" },
          "vinscope_http_request_duration_seconds_count",
        );
        expect(requests).toBeGreaterThanOrEqual(40);
        expect(families.get("vinscope_http_request_duration_seconds")?.type).toBe("histogram");
        expect(total(families, "vinscope_report_sections_total", { section: "recalls" })).toBeGreaterThanOrEqual(40);
        // The job runner's schedule is in the database: each job is listed, with how often it runs.
        expect(families.get("vinscope_sync_running")?.samples.map((s) => s.labels.sync)).toEqual(
          expect.arrayContaining(["recalls", "webhooks"]),
        );
        expect(total(families, "vinscope_sync_schedule_interval_seconds", { sync: "webhooks" })).toBe(5);
        for (const value of labelValues(families))
          expect({ value, leaked: LEAKED.test(value) }).toEqual({ value, leaked: false });
        for (const vin of VINS) expect(text).not.toContain(vin);
        await getOnNewConnection(`${app.url}/api/health`);
      }
    } finally {
      await app.stop();
    }
  });
});

interface ExportedSpan {
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

/** A loopback OTLP/HTTP receiver: the JSON trace exports posted to /v1/traces, as their spans. */
async function startOtlpReceiver() {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        const message = JSON.parse(body) as {
          resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[];
        };
        for (const r of message.resourceSpans ?? []) for (const s of r.scopeSpans ?? []) spans.push(...(s.spans ?? []));
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("traces", () => {
  it("reach a loopback OTLP receiver within 15 s of a report: the route, each section, outside calls, queries", async () => {
    const receiver = await startOtlpReceiver();
    const nhtsa = await startFakeServer();
    nhtsa.on("GET", /.*/, () => ({ body: { Count: 0, Message: "Results returned successfully", results: [] } }));
    const app = await startApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, NHTSA_API_BASE_URL: nhtsa.url } });
    try {
      const asked = Date.now();
      expect((await fetch(`${app.url}/api/public/vin/${AVENGER_2011}?insight=false`)).status).toBe(200);
      const names = () => new Set(receiver.spans.map((s) => s.name));
      const wanted = [
        "route GET /api/public/vin/{vin}",
        "report.section recalls",
        "report.section pricing",
        "outside nhtsa-recalls",
      ];
      while (Date.now() - asked < 15_000 && !wanted.every((n) => names().has(n)))
        await new Promise((r) => setTimeout(r, 200));
      expect([...names()]).toEqual(expect.arrayContaining(wanted));
      expect(Date.now() - asked).toBeLessThan(15_000);
      const route = receiver.spans.find((s) => s.name === "route GET /api/public/vin/{vin}")!;
      expect(route.attributes).toEqual(
        expect.arrayContaining([{ key: "http.route", value: { stringValue: "/api/public/vin/{vin}" } }]),
      );
      const call = receiver.spans.find((s) => s.name === "outside nhtsa-recalls")!;
      expect(call.attributes).toEqual(
        expect.arrayContaining([{ key: "vinscope.breaker_refused", value: { boolValue: false } }]),
      );
      // Prisma's own spans, and Next.js's span of the incoming request.
      expect([...names()].some((n) => n.startsWith("prisma:"))).toBe(true);
      expect([...names()]).toEqual(expect.arrayContaining([expect.stringMatching(/\/api\/public\/vin\/\[vin\]/)]));
      // A span names the route's template, never the VIN asked for.
      for (const span of receiver.spans) expect(span.name).not.toContain(AVENGER_2011);
    } finally {
      await app.stop();
      await nhtsa.close();
      await receiver.close();
    }
  });
});
