import { configuredBreaker, breakerFor, resetBreakersForTests } from "../outside";
import { scheduleIntervalSeconds } from "../jobs/instance-metrics";
import { parsePrometheusText, total } from "../../tests/support/prometheus-text";
import { observeRequest, processRegistry } from "./process-metrics";

const scrape = async () => parsePrometheusText(await processRegistry().metrics());

describe("this process's metrics", () => {
  afterEach(() => resetBreakersForTests());

  test("count a webhook endpoint's calls under its kind, never under its URL; a system's under its name", async () => {
    const secretUrl = "webhook:w1 https://hooks.example.com/in?token=s3cret";
    await configuredBreaker(secretUrl).run(async () => ({ ok: true }), {
      failed: () => false,
      open: () => ({ ok: false }),
    });
    await breakerFor("sticker:cws.gm.com").run(async () => ({ ok: false }), {
      failed: (v) => !v.ok,
      open: () => ({ ok: false }),
    });
    const text = await processRegistry().metrics();
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("hooks.example.com");
    const families = parsePrometheusText(text);
    expect(
      total(families, "vinscope_outside_calls_total", { source: "webhook", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(families, "vinscope_outside_calls_total", { source: "sticker:cws.gm.com", outcome: "failed" })).toBe(
      1,
    );
    // The breakers of the shared registry are sampled at scrape time, one series per state.
    expect(total(families, "vinscope_outside_breakers", { source: "sticker:cws.gm.com", state: "closed" })).toBe(1);
    expect(total(families, "vinscope_outside_breakers", { source: "sticker:cws.gm.com", state: "open" })).toBe(0);
  });

  test("time requests by route template and status class, in a valid exposition with Node's process metrics", async () => {
    observeRequest("/api/public/vin/{vin}", "GET", 200, 0.012);
    observeRequest("/api/public/vin/{vin}", "GET", 404, 0.003);
    observeRequest("/api/public/vin/{vin}", "GET", 503, 31);
    const families = await scrape();
    const duration = families.get("vinscope_http_request_duration_seconds")!;
    expect(duration.type).toBe("histogram");
    const count = (status_class: string) =>
      total(families, duration.name, { route: "/api/public/vin/{vin}", status_class }, `${duration.name}_count`);
    expect([count("2xx"), count("4xx"), count("5xx")]).toEqual([1, 1, 1]);
    expect(families.has("process_resident_memory_bytes")).toBe(true);
  });
});

describe("scheduleIntervalSeconds", () => {
  test("is the longest gap between the schedule's runs", () => {
    const from = new Date("2026-01-10T00:00:00Z");
    expect(scheduleIntervalSeconds("*/5 * * * * *", from)).toBe(5);
    expect(scheduleIntervalSeconds("17 5 * * *", from)).toBe(86_400);
    expect(scheduleIntervalSeconds("41 4 * * 1", from)).toBe(7 * 86_400);
    // Monthly: the longest month among the next runs.
    expect(scheduleIntervalSeconds("43 6 3 * *", from)).toBe(31 * 86_400);
  });
});
