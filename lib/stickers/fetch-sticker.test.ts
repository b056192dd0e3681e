/**
 * The real fetchers against a fake manufacturer service on loopback, for every group: what each "no
 * sticker" signal looks like, deadlines, refused connections, redirects, the size cap and the host queue.
 */
import { createHash } from "node:crypto";
import { resetConfigForTests } from "../config";
import {
  refusedPort,
  startFakeManufacturer,
  type FakeManufacturer,
  type Scenario,
} from "../../tests/fixtures/fake-manufacturer";
import { makeStickerPdf } from "../../tests/fixtures/make-pdf";
import { fetchSticker, manufacturerHosts, resetFetchStateForTests, stickerUrl } from "./fetch-sticker";
import { SUPPORTED_GROUPS } from "./registry";
import { parseVin } from "../vin";
import { type Vin } from "../vin";
import { normalizeVin } from "../vin";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const savedEnv = { ...process.env };
let fake: FakeManufacturer;

function useEnv(env: Record<string, string>) {
  process.env = { ...savedEnv, LOG_LEVEL: "silent", STICKER_HOST_INTERVAL_MS: "0", STICKER_TIMEOUT_MS: "800", ...env };
  resetConfigForTests();
  resetFetchStateForTests();
}

beforeAll(async () => {
  fake = await startFakeManufacturer({ slowMs: 3000 });
});
afterAll(async () => {
  await fake.stop();
  process.env = savedEnv;
  resetConfigForTests();
});
beforeEach(() => useEnv(fake.env()));

let serial = 0;
/** A fresh, valid VIN per case so scenarios never collide on the fake. */
function nextVin(): Vin {
  serial++;
  return parseVin(`1GCUYDED5NZ${String(100000 + serial).slice(-6)}`);
}

describe.each(SUPPORTED_GROUPS.map((g) => [g.id, g] as const))("%s fetcher", (_id, group) => {
  const run = async (scenario: Scenario) => {
    const vin = nextVin();
    fake.set(vin, scenario);
    const outcome = await fetchSticker(group, vin, { model: "Santa Fe" });
    return { vin, outcome, hits: fake.requests.filter((r) => r.vin === vin) };
  };

  test("a real PDF comes back byte for byte", async () => {
    const { vin, outcome, hits } = await run("pdf");
    expect(outcome.kind).toBe("pdf");
    if (outcome.kind !== "pdf") return;
    expect(sha(outcome.pdf)).toBe(sha(fake.pdfFor(vin)));
    expect(outcome.pdf.equals(fake.pdfFor(vin))).toBe(true);
    expect(hits).toHaveLength(1);
    expect(hits[0].path.startsWith(`/${group.endpoint}/`)).toBe(true);
  });

  test.each(["placeholder", "html", "json_error", "small_text"] as const)("%s means no sticker", async (scenario) => {
    const { outcome, hits } = await run(scenario);
    expect(outcome.kind).toBe("none");
    expect(hits).toHaveLength(1);
  });

  test("an empty body is retried once, then means no sticker", async () => {
    const { outcome, hits } = await run("empty");
    expect(outcome).toEqual({ kind: "none", why: expect.stringContaining("empty") });
    expect(hits).toHaveLength(2);
  });

  test("an empty body followed by the PDF yields the PDF", async () => {
    const { vin, outcome, hits } = await run("empty_then_pdf");
    expect(outcome.kind).toBe("pdf");
    if (outcome.kind === "pdf") expect(outcome.pdf.equals(fake.pdfFor(vin))).toBe(true);
    expect(hits).toHaveLength(2);
  });

  test("a reply slower than the deadline is a fetch error, on time", async () => {
    const started = Date.now();
    const { outcome } = await run("slow");
    expect(outcome).toEqual({ kind: "error", why: expect.stringContaining("800 ms") });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("a server error is a fetch error", async () => {
    expect((await run("server_error")).outcome.kind).toBe("error");
  });

  test("a refused connection is a fetch error", async () => {
    const port = await refusedPort();
    useEnv(Object.fromEntries(Object.entries(fake.env()).map(([k, v]) => [k, v.replace(`:${fake.port}`, `:${port}`)])));
    const outcome = await fetchSticker(group, nextVin(), { model: "Tucson" });
    expect(outcome).toEqual({ kind: "error", why: expect.stringContaining("ECONNREFUSED") });
  });
});

describe("requests to manufacturer hosts", () => {
  const gm = SUPPORTED_GROUPS.find((g) => g.id === "gm")!;
  const hyundai = SUPPORTED_GROUPS.find((g) => g.id === "hyundai")!;

  test("a same-host redirect is followed", async () => {
    const vin = nextVin();
    fake.set(vin, "redirect_same_host");
    const outcome = await fetchSticker(gm, vin);
    expect(outcome.kind).toBe("pdf");
  });

  test("a redirect to another host is refused, not followed", async () => {
    const vin = nextVin();
    fake.set(vin, "redirect_other_host");
    const before = fake.requests.length;
    const outcome = await fetchSticker(gm, vin);
    expect(outcome).toEqual({ kind: "error", why: expect.stringContaining("another host") });
    expect(fake.requests.length - before).toBe(1);
  });

  test("a body over the size cap is not read to the end", async () => {
    useEnv({ ...fake.env(), STICKER_MAX_BYTES: String(256 * 1024) });
    const vin = nextVin();
    fake.set(vin, "huge");
    expect(await fetchSticker(gm, vin)).toEqual({ kind: "error", why: expect.stringContaining("larger than") });
  });

  test("Hyundai's service gets the model name, percent-encoded", async () => {
    const vin = nextVin();
    fake.set(vin, "pdf");
    await fetchSticker(hyundai, vin, { model: "Santa Fe & Co" });
    const hit = fake.requests.find((r) => r.vin === vin)!;
    expect(hit.model).toBe("Santa Fe & Co");
    expect(hit.url).toContain("model=Santa%20Fe%20%26%20Co");
  });

  test("a VIN whose characters try to change the URL never builds one", () => {
    // stickerUrl takes a Vin, and only normalizeVin makes one: these never become one.
    for (const bad of ["1GCUYDED5NZ12345/", "../../../etc/pass", "1GCUYDED5NZ1@evil", "1GCUYDED5NZ1#frag"]) {
      expect(normalizeVin(bad).ok).toBe(false);
    }
    expect(stickerUrl("gm", parseVin("1gcuyded5nz123456")).href).toContain("1GCUYDED5NZ123456");
    const url = stickerUrl("hyundai", parseVin("KMHLM4AG5PU123456"), "x@evil.example/#?");
    expect(url.host).toBe(`127.0.0.1:${fake.port}`);
    expect(url.searchParams.get("model")).toBe("x@evil.example/#?");
  });

  test("only the configured hosts are ever contacted", () => {
    expect(manufacturerHosts()).toEqual([`127.0.0.1:${fake.port}`]);
  });

  test("at most STICKER_HOST_CONCURRENCY requests per host are in flight, paced apart", async () => {
    useEnv({
      ...fake.env(),
      STICKER_HOST_CONCURRENCY: "2",
      STICKER_HOST_INTERVAL_MS: "40",
      STICKER_TIMEOUT_MS: "3000",
    });
    fake.slowMs = 150;
    fake.maxInFlight = 0;
    const vins = Array.from({ length: 6 }, () => nextVin());
    vins.forEach((v) => fake.set(v, "slow"));
    const started = Date.now();
    const outcomes = await Promise.all(vins.map((v) => fetchSticker(gm, v)));
    expect(outcomes.every((o) => o.kind === "pdf")).toBe(true);
    expect(fake.maxInFlight).toBe(2);
    // 6 requests, 2 at a time, 150 ms each: at least three rounds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    fake.slowMs = 3000;
  });

  test("an outer deadline drops requests still waiting in the host queue", async () => {
    useEnv({ ...fake.env(), STICKER_HOST_CONCURRENCY: "1", STICKER_TIMEOUT_MS: "3000" });
    fake.slowMs = 400;
    const vins = [nextVin(), nextVin(), nextVin()];
    vins.forEach((v) => fake.set(v, "slow"));
    const signal = AbortSignal.timeout(250);
    const outcomes = await Promise.all(vins.map((v) => fetchSticker(gm, v, { signal })));
    expect(outcomes.map((o) => o.kind)).toEqual(["error", "error", "error"]);
    expect(outcomes[2]).toEqual({ kind: "error", why: expect.stringContaining("overall deadline") });
    fake.slowMs = 3000;
  });

  test("the deadline counts the wait in the host queue: a hanging host costs each caller at most its deadline", async () => {
    useEnv({ ...fake.env(), STICKER_HOST_CONCURRENCY: "1", STICKER_TIMEOUT_MS: "500", STICKER_HOST_QUEUE_MAX: "8" });
    fake.slowMs = 5000;
    const vins = [nextVin(), nextVin(), nextVin(), nextVin()];
    vins.forEach((v) => fake.set(v, "slow"));
    const started = Date.now();
    const outcomes = await Promise.all(vins.map((v) => fetchSticker(gm, v)));
    expect(outcomes.map((o) => o.kind)).toEqual(["error", "error", "error", "error"]);
    // Four callers behind one slot would take 4 × 500 ms if the deadline started at the front of the queue.
    expect(Date.now() - started).toBeLessThan(1400);
    fake.slowMs = 3000;
  });

  test("with STICKER_HOST_QUEUE_MAX callers waiting, the next is answered busy at once", async () => {
    // About the queue, not the breaker: the callers that time out in the queue must not open it.
    useEnv({
      ...fake.env(),
      STICKER_HOST_CONCURRENCY: "1",
      STICKER_TIMEOUT_MS: "400",
      STICKER_HOST_QUEUE_MAX: "2",
      OUTSIDE_BREAKER_FAILURES: "100",
    });
    fake.slowMs = 200;
    const vins = Array.from({ length: 5 }, () => nextVin());
    vins.forEach((v) => fake.set(v, "slow"));
    const outcomes = await Promise.all(vins.map((v) => fetchSticker(gm, v)));
    // One in flight and two waiting; the last two are refused without a request.
    expect(outcomes.slice(3)).toEqual([
      {
        kind: "unavailable",
        cause: "busy",
        why: expect.stringContaining("2 requests are already waiting"),
        retryAfterS: 1,
      },
      {
        kind: "unavailable",
        cause: "busy",
        why: expect.stringContaining("2 requests are already waiting"),
        retryAfterS: 1,
      },
    ]);
    expect(fake.requests.filter((r) => (vins.slice(3) as string[]).includes(r.vin!))).toEqual([]);
    expect(outcomes[0].kind).toBe("pdf");
    // A provision run joins the queue whatever its length.
    const more = Array.from({ length: 4 }, () => nextVin());
    more.forEach((v) => fake.set(v, "pdf"));
    const provisioned = await Promise.all(
      more.map((v) => fetchSticker(gm, v, { ignoreQueueCap: true, timeoutMs: 3000 })),
    );
    expect(provisioned.every((o) => o.kind === "pdf")).toBe(true);
    fake.slowMs = 3000;
  });

  test("a caller that goes away leaves the queue and its fetch is aborted; it does not count against the host", async () => {
    useEnv({ ...fake.env(), STICKER_HOST_CONCURRENCY: "1", STICKER_TIMEOUT_MS: "3000", OUTSIDE_BREAKER_FAILURES: "2" });
    fake.slowMs = 5000;
    const vins = [nextVin(), nextVin(), nextVin()];
    vins.forEach((v) => fake.set(v, "slow"));
    const clients = vins.map(() => new AbortController());
    const started = Date.now();
    const pending = vins.map((v, i) => fetchSticker(gm, v, { signal: clients[i].signal }));
    setTimeout(() => clients.forEach((c) => c.abort()), 100);
    const outcomes = await Promise.all(pending);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(outcomes.every((o) => o.kind === "error" && /client went away/.test(o.why))).toBe(true);
    // Only the first reached the host; the queued ones never did.
    expect(fake.requests.filter((r) => (vins as string[]).includes(r.vin!)).length).toBe(1);
    // Three abandoned requests are not three host failures: the host is still asked.
    const next = nextVin();
    fake.set(next, "pdf");
    expect((await fetchSticker(gm, next)).kind).toBe("pdf");
    fake.slowMs = 3000;
  });

  test("after repeated failures the host's breaker answers unavailable at once, without a request", async () => {
    useEnv({
      ...fake.env(),
      STICKER_TIMEOUT_MS: "150",
      OUTSIDE_BREAKER_FAILURES: "3",
      OUTSIDE_BREAKER_COOLDOWN_MS: "60000",
    });
    fake.slowMs = 5000;
    for (let i = 0; i < 3; i++) {
      const v = nextVin();
      fake.set(v, "slow");
      expect((await fetchSticker(gm, v)).kind).toBe("error");
    }
    const v = nextVin();
    fake.set(v, "pdf");
    const started = Date.now();
    expect(await fetchSticker(gm, v)).toEqual({
      kind: "unavailable",
      cause: "down",
      why: expect.stringContaining("failed repeatedly"),
      retryAfterS: 60,
    });
    expect(Date.now() - started).toBeLessThan(140); // under STICKER_TIMEOUT_MS: nothing was waited for
    expect(fake.requests.some((r) => r.vin === v)).toBe(false);
    fake.slowMs = 3000;
  });

  test("the test PDF is sticker-sized", () => {
    expect(makeStickerPdf("1GCUYDED5NZ123456").length).toBeGreaterThan(10 * 1024);
  });
});
