/**
 * The insight flow with the real Anthropic SDK against a fake Messages API on loopback and a real migrated
 * database (SQLite; PostgreSQL when TEST_DB_PROVIDER=postgresql and TEST_DATABASE_URL are set): a good answer,
 * rejected answers (retried once, then the fallback), HTTP 500 and a timeout, cache hits, single flight in
 * one process and across two "instances", the 30-day expiry and stale-while-revalidate with an injected clock.
 */
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from "../../tests/support/fake-server";
import { createMigratedDatabase } from "../../tests/support/test-database";
import { createDb, type Db } from "../db";
import { createAnthropicWriter } from "./anthropic-writer";
import type { VehicleFacts } from "./facts";
import { FALLBACK_WRITER } from "./fallback";
import { createInsightService, FALLBACK_TTL_MS, INSIGHT_TTL_MS, type InsightServiceOptions } from "./insight-service";
import type { VpicVariants } from "./vpic-variants";

process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";

const DAY = 24 * 60 * 60 * 1000;
/** Answers name the model year, so they are built for the year the request's facts give. */
const goodFor = (year: number | string) =>
  `NHTSA's vPIC data lists the ${year} Toyota Camry as a sedan with 2.5 L and 3.5 L engines running on gasoline. ` +
  "Across 42 verified buyer deals, the average selling price was $28,450, a 5.5% average discount off MSRP.";
const GOOD = goodFor(2024);
const longFor = (year: string) =>
  `${goodFor(year)} ${"The data names these variants for the Camry across its listed body and engine patterns. ".repeat(3)}`.trim();
const fourSentencesFor = (year: string) =>
  `The ${year} Toyota Camry is a sedan. It has 2.5 L and 3.5 L engines. It runs on gasoline. NHTSA lists 2 recall campaigns for it.`;
const yearOf = (req: FakeRequest) => /Model year: (\d{4})/.exec(req.body)![1];
const good = (req: FakeRequest) => message(goodFor(yearOf(req)));

const CATALOG: Record<string, { make: string; model: string }> = {
  "toyota|camry": { make: "TOYOTA", model: "Camry" },
  "honda|civic": { make: "HONDA", model: "Civic" },
  "ford|f-150": { make: "FORD", model: "F-150" },
  "mazda|cx-5": { make: "MAZDA", model: "CX-5" },
};
const names = (make: string, model: string) => CATALOG[`${make.toLowerCase()}|${model.toLowerCase()}`] ?? null;
const variants = (year: number, make: string, model: string): VpicVariants => ({
  make,
  model,
  year,
  modelSeenInYear: year >= 2000,
  bodyStyles: ["Sedan/Saloon"],
  fuelTypes: ["Gasoline"],
  engines: ["2.5 L, 4 cylinders", "3.5 L, 6 cylinders"],
  electrification: [],
});
const facts = async (input: {
  year: number;
  make: string;
  model: string;
  variants: VpicVariants;
}): Promise<VehicleFacts> => ({
  year: input.year,
  make: input.make.charAt(0) + input.make.slice(1).toLowerCase(),
  model: input.model,
  variants: input.variants,
  pricing: {
    sampleSize: 42,
    dataStatus: "sufficient",
    averageMsrp: 30110,
    averageSellingPrice: 28450,
    averageDiscountPercent: 5.5,
    priceBand: { low: 26900, typical: 28400, high: 30050 },
  },
  recalls: { count: 2, parkIt: 0, parkOutside: 0, overTheAirUpdate: 1, components: ["air bags", "steering"] },
});

function message(text: string, model = "claude-test-1"): FakeResponse {
  return {
    body: {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 321, output_tokens: 54 },
    },
  };
}

let fake: FakeServer;
let database: { url: string; drop: () => Promise<void> };
const clients: Db[] = [];
let clock: number;

function newDb(): Db {
  const url = database.url;
  const client = url.startsWith("file:")
    ? createDb({ provider: "sqlite", url })
    : createDb({ provider: "postgresql", url, schema: new URL(url).searchParams.get("schema") ?? undefined });
  clients.push(client);
  return client;
}

/** One "instance": its own database client, in-process flights and memory. */
function instance(overrides: Partial<InsightServiceOptions> & { timeoutMs?: number; apiKey?: string | null } = {}) {
  const client = newDb();
  const apiKey = overrides.apiKey === undefined ? "test-key" : overrides.apiKey;
  const writer = apiKey
    ? createAnthropicWriter({
        apiKey,
        baseUrl: fake.url,
        model: "claude-test-1",
        timeoutMs: overrides.timeoutMs ?? 1000,
      })
    : null;
  return createInsightService({
    db: () => client,
    writer: () => writer,
    now: () => new Date(clock),
    names,
    variants,
    facts,
    leaseMs: 5000,
    pollMs: 10,
    ...overrides,
  });
}

const calls = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/messages");
const bodyOf = (r: FakeRequest) =>
  JSON.parse(r.body) as { model: string; system: string; messages: { role: string; content: string }[] };
const camry = { year: 2024, make: "toyota", model: "camry" };

beforeAll(async () => {
  fake = await startFakeServer();
  database = await createMigratedDatabase("insights");
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
  await database.drop();
  await fake.close();
});

let year = 2000;
/** A key no earlier test has used (the database is shared across the cases). */
const freshVehicle = (make = "toyota", model = "camry") => ({ year: ++year, make, model });

beforeEach(() => {
  fake.reset();
  clock = Date.parse("2026-11-01T12:00:00Z");
});

test("a good answer is stored as the AI insight for 30 days, with the facts and rules in the request", async () => {
  fake.on("POST", "/v1/messages", good);
  const service = instance();
  const answer = await service.lookup(camry);
  expect(answer).toEqual({
    year: 2024,
    make: "Toyota",
    model: "Camry",
    insight: {
      text: GOOD,
      model: "claude-test-1",
      generatedAt: "2026-11-01T12:00:00.000Z",
      expiresAt: new Date(clock + INSIGHT_TTL_MS).toISOString(),
    },
    source: expect.stringContaining("AI-generated by claude-test-1"),
  });
  expect(calls()).toHaveLength(1);
  const request = calls()[0];
  // SDK 1.x sends the key as a bearer token; older ones used x-api-key.
  expect(request.headers.authorization ?? `Bearer ${request.headers["x-api-key"]}`).toBe("Bearer test-key");
  const body = bodyOf(request);
  expect(body.model).toBe("claude-test-1");
  expect(body.system).toMatch(/at most 60 words/);
  expect(body.messages[0].content).toContain("Average selling price in those deals: $28,450");
  expect(body.messages[0].content).toContain("NHTSA recall campaigns for this model year: 2");
  // The facts block carries data only: no rule text leaks into it.
  expect(body.messages[0].content).not.toMatch(/must|words|sentences/i);

  const row = await newDb().vehicleInsight.findUnique({ where: { key: "2024|toyota|camry" } });
  expect(row).toMatchObject({
    text: GOOD,
    writer: "claude-test-1",
    inputTokens: 321,
    outputTokens: 54,
    leaseOwner: null,
    leaseUntil: null,
  });
});

test("the second request for a key makes no model call, in the same instance and in another one", async () => {
  fake.on("POST", "/v1/messages", good);
  const a = instance();
  const v = freshVehicle();
  const first = await a.lookup(v);
  const again = await a.lookup(v);
  const other = await instance().lookup({ ...v, make: "TOYOTA", model: "Camry" });
  expect(calls()).toHaveLength(1);
  expect(again).toEqual(first);
  expect(other).toEqual(first);
});

test("an answer over 60 words is retried once with the reason, then replaced by the factual fallback", async () => {
  fake.on("POST", "/v1/messages", (req) => message(longFor(yearOf(req))));
  const answer = await instance().lookup(freshVehicle());
  expect(calls()).toHaveLength(2);
  const retry = bodyOf(calls()[1]);
  expect(retry.messages).toHaveLength(3);
  expect(retry.messages[1]).toEqual({ role: "assistant", content: longFor(String(year)) });
  expect(retry.messages[2].content).toMatch(/words; the limit is 60/);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
  expect(Date.parse(answer!.insight.expiresAt) - Date.parse(answer!.insight.generatedAt)).toBe(FALLBACK_TTL_MS);
  expect(answer!.source).toMatch(/without an AI model: the AI answers did not pass validation/);
});

test("an answer with four sentences is retried; a valid retry is kept", async () => {
  let n = 0;
  fake.on("POST", "/v1/messages", (req) => (++n === 1 ? message(fourSentencesFor(yearOf(req))) : good(req)));
  const answer = await instance().lookup(freshVehicle());
  expect(calls()).toHaveLength(2);
  expect(bodyOf(calls()[1]).messages[2].content).toMatch(/4 sentences/);
  expect(answer!.insight).toMatchObject({ text: goodFor(year), model: "claude-test-1" });
});

test("four sentences twice → fallback", async () => {
  fake.on("POST", "/v1/messages", (req) => message(fourSentencesFor(yearOf(req))));
  const answer = await instance().lookup(freshVehicle());
  expect(calls()).toHaveLength(2);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
});

test("invented figures and buying advice are rejected", async () => {
  const answers = [
    (y: string) =>
      `The ${y} Toyota Camry is a sedan with a 2.5 L engine. Its average selling price was $27,000 across 42 deals.`,
    (y: string) =>
      `The ${y} Toyota Camry is a sedan with a 2.5 L engine. Buyers should negotiate hard, since 42 deals averaged $28,450.`,
  ];
  let n = 0;
  fake.on("POST", "/v1/messages", (req) => message(answers[n++](yearOf(req))));
  const answer = await instance().lookup(freshVehicle());
  expect(bodyOf(calls()[1]).messages[2].content).toMatch(/figures that are not in the facts: 27000/);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
});

test("HTTP 500 → the factual fallback at once (no retry of a failing API), cached for an hour", async () => {
  fake.on("POST", "/v1/messages", () => ({
    status: 500,
    body: { type: "error", error: { type: "api_error", message: "boom" } },
  }));
  const answer = await instance().lookup(freshVehicle());
  expect(calls()).toHaveLength(1);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
  expect(answer!.insight.text).toMatch(/Across 42 verified buyer deals, the average selling price was \$28,450/);
  expect(answer!.source).toMatch(/the AI model answered with an error/);
});

test("a timeout → the factual fallback", async () => {
  fake.on("POST", "/v1/messages", (req) => ({ ...good(req), delayMs: 4000 }));
  const started = performance.now();
  const answer = await instance({ timeoutMs: 200 }).lookup(freshVehicle());
  expect(performance.now() - started).toBeLessThan(2000);
  expect(calls()).toHaveLength(1);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
  expect(answer!.source).toMatch(/the AI model did not answer in time/);
});

test("no API key → the fallback without any call", async () => {
  const answer = await instance({ apiKey: null }).lookup(freshVehicle());
  expect(calls()).toHaveLength(0);
  expect(answer!.insight.model).toBe(FALLBACK_WRITER);
  expect(answer!.source).toMatch(/no ANTHROPIC_API_KEY/);
});

test("20 concurrent requests for a new key make exactly one model call", async () => {
  fake.on("POST", "/v1/messages", (req) => ({ ...good(req), delayMs: 150 }));
  const service = instance();
  const v = freshVehicle();
  const answers = await Promise.all(Array.from({ length: 20 }, () => service.lookup(v)));
  expect(calls()).toHaveLength(1);
  for (const a of answers) expect(a!.insight.text).toBe(goodFor(v.year));
});

test("20 concurrent requests spread over two instances sharing the database make exactly one model call", async () => {
  fake.on("POST", "/v1/messages", (req) => ({ ...good(req), delayMs: 150 }));
  const a = instance();
  const b = instance();
  const v = freshVehicle("honda", "civic");
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).lookup(v)));
  expect(calls()).toHaveLength(1);
  for (const x of answers) expect(x!.insight.text).toBe(goodFor(v.year));
});

test("expiry after 30 days: served from cache until then, regenerated after", async () => {
  fake.on("POST", "/v1/messages", good);
  const service = instance({ refreshBeforeExpiryMs: 0 });
  const v = freshVehicle();
  const first = await service.lookup(v);
  clock += 30 * DAY - 1;
  expect(await service.lookup(v)).toEqual(first);
  expect(calls()).toHaveLength(1);
  clock += 1;
  const renewed = await service.lookup(v);
  expect(calls()).toHaveLength(2);
  expect(renewed!.insight.generatedAt).toBe(new Date(clock).toISOString());
  expect(renewed!.insight.expiresAt).toBe(new Date(clock + INSIGHT_TTL_MS).toISOString());
});

test("stale-while-revalidate: near expiry the cached text is served at once and refreshed in the background", async () => {
  fake.on("POST", "/v1/messages", good);
  const service = instance();
  const v = freshVehicle();
  const first = await service.lookup(v);
  clock += 28 * DAY;
  const served = await service.lookup(v);
  expect(served).toEqual(first);
  await service.idle();
  expect(calls()).toHaveLength(2);
  const after = await instance().lookup(v);
  expect(after!.insight.generatedAt).toBe(new Date(clock).toISOString());
});

test("a failed background refresh keeps the AI text and backs off", async () => {
  let fail = false;
  fake.on("POST", "/v1/messages", (req) =>
    fail ? { status: 529, body: { type: "error", error: { type: "overloaded_error", message: "busy" } } } : good(req),
  );
  const service = instance({ memoryMs: 0 });
  const v = freshVehicle();
  const first = await service.lookup(v);
  fail = true;
  clock += 28 * DAY;
  await service.lookup(v);
  await service.idle();
  expect(await service.lookup(v)).toEqual(first);
  await service.idle();
  expect(calls()).toHaveLength(2);
  // Once expired, the key is not blocked by the failed refresh: the next request generates at once.
  fail = false;
  clock += 3 * DAY;
  const started = performance.now();
  const renewed = await service.lookup(v);
  expect(performance.now() - started).toBeLessThan(1000);
  expect(renewed!.insight.generatedAt).toBe(new Date(clock).toISOString());
  expect(calls()).toHaveLength(3);
});

test("a fallback is replaced by an AI insight once the API answers again", async () => {
  let down = true;
  fake.on("POST", "/v1/messages", (req) => (down ? { status: 500, body: {} } : good(req)));
  const service = instance();
  const v = freshVehicle();
  expect((await service.lookup(v))!.insight.model).toBe(FALLBACK_WRITER);
  down = false;
  clock += 5 * 60 * 1000;
  expect((await service.lookup(v))!.insight.model).toBe(FALLBACK_WRITER);
  await service.idle();
  expect((await instance().lookup(v))!.insight).toMatchObject({ model: "claude-test-1", text: goodFor(v.year) });
});

test("a caller's deadline returns the fallback while the generation finishes and fills the cache", async () => {
  fake.on("POST", "/v1/messages", (req) => ({ ...good(req), delayMs: 300 }));
  const service = instance();
  const v = freshVehicle();
  const quick = await service.lookup(v, { deadlineMs: 30 });
  expect(quick!.insight.model).toBe(FALLBACK_WRITER);
  expect(quick!.insight.expiresAt).toBe(quick!.insight.generatedAt);
  const full = await service.lookup(v);
  expect(full!.insight.text).toBe(goodFor(v.year));
  expect(calls()).toHaveLength(1);
});

test("a vehicle vPIC does not know, or not in that year, has no insight", async () => {
  const service = instance();
  expect(await service.lookup({ year: 2024, make: "toyota", model: "no-such-model" })).toBeNull();
  expect(await service.lookup({ year: 1990, make: "toyota", model: "camry" })).toBeNull();
  expect(calls()).toHaveLength(0);
});
