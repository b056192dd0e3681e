/**
 * Recall alerts against the built app: a loopback file server hands out real-format FLAT_RCL zips (a baseline,
 * then one that adds a campaign for the 2003 Honda Accord, then another), the job runner of `npm start`
 * (cli/server/job-runner.ts) syncs them and delivers the events, and loopback receivers answer the webhooks.
 * A second app, with the default address rules, shows the SSRF refusals of registration.
 *
 * Fixtures: tests/fixtures/alerts (see SOURCES.md there).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { startTrialAccount } from "../lib/accounts/accounts";
import { setDigest, sendDigests } from "../lib/alerts/digest";
import { resetConfigForTests } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { issueKey } from "../lib/dealers";
import { eventually, startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from "./support/fake-server";
import { startSmtpCatcher, type SmtpCatcher } from "./support/smtp-catcher";
import { jobRunnerCommand } from "./support/vinscope-cli";

const root = path.join(__dirname, "..");
const fixture = (name: string): Buffer<ArrayBuffer> => readFileSync(path.join(__dirname, "fixtures/alerts", name));

/** Three 2003 Honda Accords (one vPIC pattern, three serials) and a 2011 Dodge Avenger. */
const ACCORD = ["1HGCM82633A004352", "1HGCM82653A004353", "1HGCM82673A004354"];
const AVENGER = "1B3BD1FG9BN510278";
const FIRST_CAMPAIGN = "26V812000";
const SECOND_CAMPAIGN = "26V813000";

let app: TestApp;
let files: FakeServer;
let smtp: SmtpCatcher;
let runner: ChildProcess | undefined;
/** What the job runners started here logged. */
let runnerOutput = "";
let served: Buffer<ArrayBuffer> = fixture("FLAT_RCL_POST_2010.zip");
let servedVersion = 1;

/** NHTSA's investigations file (FLAT_INV: 11 TAB-separated fields) and Transport Canada's recalls (quoted CSV). */
const INVESTIGATIONS_FILE = "/inv/FLAT_INV.txt";
const CANADA_FILE = "/tc/vrdb_full_monthly.csv";
const NEW_INVESTIGATION = "PE26001";
const CANADIAN_ONLY = "2026500";
const investigationRow = (action: string, opened: string, closed: string, component: string, subject: string) =>
  [
    action,
    "HONDA",
    "ACCORD",
    "2003",
    component,
    "Honda (American Honda Motor Co.)",
    opened,
    closed,
    "",
    subject,
    "ODI SUMMARY.",
  ].join("\t");
const BASE_INVESTIGATIONS = investigationRow("PE20001", "20200101", "20200601", "AIR BAGS", "AIR BAG INFLATOR");
const VRDB_HEADER =
  "RECALL_NUMBER_NUM,YEAR,MANUFACTURER_RECALL_NO_TXT,CATEGORY_ETXT,CATEGORY_FTXT,MAKE_NAME_NM,MODEL_NAME_NM," +
  "UNIT_AFFECTED_NBR,SYSTEM_TYPE_ETXT,SYSTEM_TYPE_FTXT,NOTIFICATION_TYPE_ETXT,NOTIFICATION_TYPE_FTXT,COMMENT_ETXT," +
  "COMMENT_FTXT,RECALL_DATE_DTE";
const canadaRow = (number: string, mfr: string, system: string, date: string) =>
  [
    number,
    "2003",
    mfr,
    "Car",
    "Automobile",
    "HONDA",
    "ACCORD",
    "1,000",
    system,
    system,
    "Safety Mfr",
    "Sécurité",
    "Issue: a defect.",
    "Problème : un défaut.",
    date,
  ]
    .map((v) => `"${v}"`)
    .join(",");
const BASE_CANADA = canadaRow("2003100", "H01", "Airbags", "2003-06-01");
const otherFiles: Record<string, { body: string; version: number }> = {
  [INVESTIGATIONS_FILE]: { body: `${BASE_INVESTIGATIONS}\r\n`, version: 1 },
  [CANADA_FILE]: { body: `${VRDB_HEADER}\r\n${BASE_CANADA}\r\n`, version: 1 },
};

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
/** What each receiver path answers, given how often this webhook-id came before: a status, or hang. */
type Behaviour = (id: string, seen: number, body: string) => number | "hang";
const received: Received[] = [];
const behaviour = new Map<string, Behaviour>();
const hanging: http.ServerResponse[] = [];
let receiver: http.Server;
let receiverUrl: string;

function startReceiver(): Promise<void> {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const id = headers["webhook-id"] ?? "";
      const seen = received.filter((r) => r.headers["webhook-id"] === id).length;
      received.push({ path: req.url ?? "", headers, body });
      const answer = (behaviour.get(req.url ?? "") ?? (() => 200))(id, seen, body);
      if (answer === "hang") return void hanging.push(res);
      if (answer >= 300 && answer < 400) res.writeHead(answer, { location: `${receiverUrl}/elsewhere` });
      else res.writeHead(answer);
      res.end("ok");
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, "127.0.0.1", () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/** How long a test here waits for what the app does in the background, unless it says otherwise. */
const WAIT_MS = 20_000;

function startRunner(): ChildProcess {
  const child = spawn(...jobRunnerCommand(), {
    cwd: root,
    env: {
      ...process.env,
      ...app.env,
      SYNC_RECALLS_SCHEDULE: "* * * * * *",
      SYNC_INVESTIGATIONS_SCHEDULE: "* * * * * *",
      SYNC_CANADA_RECALLS_SCHEDULE: "* * * * * *",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (runnerOutput += c.toString("utf8")));
  child.stderr?.on("data", (c: Buffer) => (runnerOutput += c.toString("utf8")));
  return child;
}

const stopRunner = async (signal: NodeJS.Signals) => {
  const child = runner;
  runner = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
};

const jobHealth = async (name: string) => {
  const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
    jobs: { name: string; lastSuccessAt: string | null; lastOutcome: string | null }[];
  };
  return health.jobs.find((j) => j.name === name)!;
};
const recallSyncs = () => jobHealth("recalls");

/** Serves another file (a new ETag, so the next sync imports it) and waits for a sync that saw it. */
async function serveAndSync(file: Buffer<ArrayBuffer>) {
  served = file;
  servedVersion++;
  const asked = files.requests.length;
  await eventually(
    () => files.requests.length,
    (n) => n > asked + 1,
    WAIT_MS,
  );
  const after = Date.now();
  const status = await eventually(
    recallSyncs,
    (s) => s.lastSuccessAt !== null && Date.parse(s.lastSuccessAt) >= after - 1000,
    WAIT_MS,
  );
  expect(status.lastOutcome).not.toBe("failed");
}

const dealer = (key: string) => ({
  get: (p: string) => fetch(`${app.url}/api/dealer/v1/${p}`, { headers: { "x-api-key": key } }),
  send: (method: string, p: string, body?: unknown, base = app.url) =>
    fetch(`${base}/api/dealer/v1/${p}`, {
      method,
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
});

const keys: Record<"a" | "b" | "c" | "d", { key: string; id: string }> = {} as never;
let account: { key: string; accountId: string };
const secrets: Record<string, string> = {};

beforeAll(async () => {
  await startReceiver();
  smtp = await startSmtpCatcher();
  files = await startFakeServer();
  files.on("GET", "/rcl/FLAT_RCL_POST_2010.zip", (req: FakeRequest): FakeResponse => {
    const etag = `"v${servedVersion}"`;
    if (req.headers["if-none-match"] === etag) return { status: 304, headers: { etag } };
    return { body: served, headers: { etag, "content-length": String(served.length) } };
  });
  for (const [route, file] of Object.entries(otherFiles))
    files.on("GET", route, (req: FakeRequest): FakeResponse => {
      const etag = `"v${file.version}"`;
      if (req.headers["if-none-match"] === etag) return { status: 304, headers: { etag } };
      return { body: file.body, headers: { etag, "content-length": String(Buffer.byteLength(file.body)) } };
    });
  app = await startApp({
    env: {
      SYNC_RECALLS_URL: `${files.url}/rcl`,
      SYNC_RECALLS_FILES: "FLAT_RCL_POST_2010.zip",
      SYNC_INVESTIGATIONS_URL: `${files.url}${INVESTIGATIONS_FILE}`,
      SYNC_CANADA_RECALLS_URL: `${files.url}${CANADA_FILE}`,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_TIMEOUT_MS: "2000",
      WEBHOOK_RETRY_SCHEDULE: "1s,1s",
      SMTP_URL: smtp.url,
      MAIL_FROM: "vinscope <alerts@vinscope.test>",
    },
  });
  // This process writes keys and reads rows on the app's database directly.
  Object.assign(process.env, {
    DATABASE_URL: app.database.url,
    SMTP_URL: smtp.url,
    PUBLIC_BASE_URL: app.env.PUBLIC_BASE_URL,
  });
  resetConfigForTests();
  for (const name of ["a", "b", "c", "d"] as const) {
    const issued = await issueKey({ name: `Fleet ${name.toUpperCase()}`, email: `${name}@fleet.example` });
    keys[name] = { key: issued.key, id: issued.record.id };
  }
  const trial = await startTrialAccount({
    name: "Digest Motors",
    email: "digest@motors.example",
    location: "Boise, ID",
  });
  if (trial.status !== "issued") throw new Error("trial not issued");
  account = { key: trial.issued.key, accountId: trial.account.id };
  runner = startRunner();
  await eventually(recallSyncs, (s) => s.lastSuccessAt !== null, 30_000);
}, 120_000);

afterAll(async () => {
  await stopRunner("SIGTERM");
  for (const res of hanging) res.destroy();
  await disconnectDb();
  await Promise.all([app?.stop(), files?.close(), smtp?.close()]);
  await new Promise((r) => receiver?.close(r));
});

const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };
const deliveriesTo = (p: string, type = "recall.opened") =>
  received.filter((r) => r.path === p && bodyOf(r).type === type);

const ADDRESS_CHECKS_OFF = "webhook address checks are off";

test("with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, the server and the job runner each warn once at start that the address checks are off", async () => {
  await eventually(
    () => runnerOutput,
    (o) => o.includes(ADDRESS_CHECKS_OFF),
    WAIT_MS,
  );
  for (const output of [app.output(), runnerOutput]) {
    expect(output.split(ADDRESS_CHECKS_OFF)).toHaveLength(2);
  }
});

describe("the watchlist", () => {
  test("adds decodable VINs, refuses the batch that names a bad one, and lists each VIN with its recalls now", async () => {
    const a = dealer(keys.a.key);
    const bad = await a.send("POST", "watchlist", { vins: [ACCORD[0], "1HGCM82633A00435"] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ reason: "invalid_vin", param: "vins[1]" });
    // A well-formed VIN whose manufacturer code vPIC does not know.
    const undecodable = await a.send("POST", "watchlist", { vins: [ACCORD[0], "ZZZZZZZZZZZZZZZZ1"] });
    expect(await undecodable.json()).toMatchObject({
      status: 400,
      reason: expect.stringMatching(/invalid_vin|vin_not_decodable/),
      param: "vins[1]",
    });

    const added = await a.send("POST", "watchlist", { vins: [ACCORD[0], ACCORD[1].toLowerCase(), AVENGER, ACCORD[0]] });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      added: [ACCORD[0], ACCORD[1], AVENGER],
      alreadyWatched: [],
      total: 3,
      limit: 10_000,
    });
    expect(await (await a.send("POST", "watchlist", { vins: [AVENGER] })).json()).toMatchObject({
      added: [],
      alreadyWatched: [AVENGER],
      total: 3,
    });
    expect(
      (await dealer(keys.b.key).send("POST", "watchlist", { vins: [ACCORD[2], "4T1G11AK7RU000001"] })).status,
    ).toBe(200);
    expect((await dealer(account.key).send("POST", "watchlist", { vins: [ACCORD[0]] })).status).toBe(200);

    // The server processes notice the mirror's first sync within seconds.
    const first = await eventually(
      async () => (await a.get("watchlist?limit=2")).json(),
      (p) => String(p.items[1]?.recalls.source).includes("mirror"),
      WAIT_MS,
    );
    expect(first.total).toBe(3);
    // In VIN order.
    expect(first.items.map((i: { vin: string }) => i.vin)).toEqual([AVENGER, ACCORD[0]]);
    // Makes as the rest of the service names them ("Dodge", as provision and the VIN report say), not vPIC's "DODGE".
    expect(first.items[0]).toMatchObject({ vin: AVENGER, vehicle: { year: 2011, make: "Dodge" } });
    expect(first.items[1]).toMatchObject({
      vehicle: { year: 2003, make: "Honda", model: "Accord" },
      permalink: `${app.url}/vin/${ACCORD[0]}`,
      recalls: { status: "ok", count: 0, items: [] },
    });
    expect(first.items[1].recalls.source).toContain("mirror");
    const second = await (await a.get(`watchlist?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ items: [{ vin: ACCORD[1] }], nextCursor: null, total: 3 });
  });

  test("a year/make/model can be watched (any case or slug), listed, and removed; an unknown one is refused", async () => {
    const d = dealer(keys.d.key);
    const unknown = await d.send("POST", "watchlist/vehicles", {
      vehicles: [{ year: 2003, make: "nosuch", model: "car" }],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ reason: "unknown_vehicle", param: "vehicles[0]" });
    const added = await d.send("POST", "watchlist/vehicles", {
      vehicles: [
        { year: 2003, make: "honda", model: "accord" },
        { year: 2011, make: "DODGE", model: "avenger" },
      ],
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({
      added: [
        { year: 2003, make: "Honda", model: "Accord" },
        { year: 2011, make: "Dodge", model: "Avenger" },
      ],
      alreadyWatched: [],
      total: 2,
    });
    const list = await (await d.get("watchlist/vehicles")).json();
    expect(list).toMatchObject({
      total: 2,
      nextCursor: null,
      items: [
        { vehicle: { year: 2003, make: "Honda", model: "Accord" }, permalink: `${app.url}/recalls/2003/honda/accord` },
        { vehicle: { year: 2011, make: "Dodge", model: "Avenger" } },
      ],
    });
    expect((await d.send("DELETE", "watchlist/vehicles/2011/dodge/avenger")).status).toBe(200);
    expect((await d.send("DELETE", "watchlist/vehicles/2011/dodge/avenger")).status).toBe(404);
    expect((await d.send("PUT", "webhook", { url: `${receiverUrl}/d` })).status).toBe(200);
  });

  test("a VIN can be removed; removing one that is not watched is a 404", async () => {
    const c = dealer(keys.c.key);
    await c.send("POST", "watchlist", { vins: [AVENGER] });
    expect(await (await c.send("DELETE", `watchlist/${AVENGER.toLowerCase()}`)).json()).toEqual({
      vin: AVENGER,
      watched: false,
      total: 0,
    });
    expect((await c.send("DELETE", `watchlist/${AVENGER}`)).status).toBe(404);
  });
});

describe("webhooks", () => {
  test("PUT answers a whsec_ secret once; a second PUT rotates it; GET shows the endpoint without it", async () => {
    const a = dealer(keys.a.key);
    const first = await (await a.send("PUT", "webhook", { url: `${receiverUrl}/a` })).json();
    expect(first).toMatchObject({ url: `${receiverUrl}/a`, rotated: false, previousSecretValidUntil: null });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const rotated = await (await a.send("PUT", "webhook", { url: `${receiverUrl}/a` })).json();
    expect(rotated).toMatchObject({ rotated: true, previousSecretValidUntil: expect.any(String) });
    expect(rotated.secret).not.toBe(first.secret);
    secrets.a = rotated.secret;
    secrets.aOld = first.secret;
    const view = await (await a.get("webhook")).json();
    expect(view).toMatchObject({ url: `${receiverUrl}/a`, health: "new", pending: 0 });
    expect(JSON.stringify(view)).not.toContain("whsec_");
    secrets.b = (await (await dealer(keys.b.key).send("PUT", "webhook", { url: `${receiverUrl}/b` })).json()).secret;
    // A key without an endpoint has nothing to test.
    expect((await dealer(account.key).send("POST", "webhook/test")).status).toBe(404);
  });

  test("the test event is signed on the Standard Webhooks scheme", async () => {
    const result = await (await dealer(keys.b.key).send("POST", "webhook/test")).json();
    expect(result).toMatchObject({ delivered: true, status: 200, error: null });
    const got = deliveriesTo("/b", "webhook.test")[0];
    expect(got.headers["webhook-id"]).toBe(result.id);
    expect(new Webhook(secrets.b).verify(got.body, got.headers)).toMatchObject({ type: "webhook.test" });
    // It says what the service did (signed it), not what it cannot know (that the receiver checks signatures).
    expect(bodyOf(got).data.message).not.toContain("verifies signatures");
    expect(bodyOf(got).data.message).toContain("signed as every event is");
  });

  test("a redirect is not followed: the test event fails and the redirect's target is never asked", async () => {
    behaviour.set("/c", () => 302);
    const c = dealer(keys.c.key);
    await c.send("PUT", "webhook", { url: `${receiverUrl}/c` });
    const result = await (await c.send("POST", "webhook/test")).json();
    expect(result).toMatchObject({ delivered: false, status: 302, error: expect.stringContaining("redirect") });
    expect(received.some((r) => r.path === "/elsewhere")).toBe(false);
  });
});

describe("recall.opened", () => {
  test("a sync that adds a campaign sends it to exactly the watched VINs of that vehicle, signed; a refused delivery comes again with the same webhook-id", async () => {
    // Receiver a refuses the first delivery of every event.
    behaviour.set("/a", (_id, seen) => (seen === 0 ? 500 : 200));
    await serveAndSync(fixture("FLAT_RCL_POST_2010.next.zip"));
    const toA = await eventually(
      () => deliveriesTo("/a"),
      (d) => d.length >= 4,
      WAIT_MS,
    );
    const toB = await eventually(
      () => deliveriesTo("/b"),
      (d) => d.length >= 1,
      WAIT_MS,
    );
    const ids = [...new Set(toA.map((r) => r.headers["webhook-id"]))];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(toA.filter((r) => r.headers["webhook-id"] === id)).toHaveLength(2);
    expect(toA.map((r) => bodyOf(r).data.vin).sort()).toEqual([ACCORD[0], ACCORD[0], ACCORD[1], ACCORD[1]]);
    expect(toB.map((r) => bodyOf(r).data.vin)).toEqual([ACCORD[2]]);
    for (const r of toA) {
      // Signed with the current secret and, during the rotation's grace period, with the previous one too.
      expect(new Webhook(secrets.a).verify(r.body, r.headers)).toBeTruthy();
      expect(new Webhook(secrets.aOld).verify(r.body, r.headers)).toBeTruthy();
    }
    expect(bodyOf(toB[0])).toMatchObject({
      type: "recall.opened",
      data: {
        vin: ACCORD[2],
        year: 2003,
        make: "Honda",
        model: "Accord",
        permalink: `${app.url}/vin/${ACCORD[2]}`,
        campaignNumber: FIRST_CAMPAIGN,
        component: "AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE",
        parkIt: true,
        parkOutside: false,
        reportReceivedDate: "2026-11-20",
      },
    });
    expect(bodyOf(toB[0]).data.summary).toContain("INFLATOR MAY RUPTURE");
    // The watched 2003 Accord (no VIN) gets the same event, once.
    const toD = await eventually(
      () => deliveriesTo("/d"),
      (d) => d.length >= 1,
      WAIT_MS,
    );
    expect(toD).toHaveLength(1);
    expect(bodyOf(toD[0]).data).toMatchObject({
      vin: null,
      watched: "vehicle",
      year: 2003,
      make: "Honda",
      model: "Accord",
      campaignNumber: FIRST_CAMPAIGN,
      permalink: `${app.url}/recalls/2003/honda/accord`,
    });

    const log = await eventually(
      async () =>
        (await (await dealer(keys.a.key).get("webhook/deliveries")).json()) as {
          items: {
            status: string;
            attempts: number;
            lastStatus: number;
            vin: string;
            campaignNumber: string;
            event: string;
          }[];
        },
      (l) => l.items.filter((i) => i.status === "delivered").length === 2,
      WAIT_MS,
    );
    expect(log.items.map((i) => ({ ...i }))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: "recall.opened",
          vin: ACCORD[0],
          campaignNumber: FIRST_CAMPAIGN,
          status: "delivered",
          attempts: 2,
          lastStatus: 200,
        }),
        expect.objectContaining({
          event: "recall.opened",
          vin: ACCORD[1],
          campaignNumber: FIRST_CAMPAIGN,
          status: "delivered",
          attempts: 2,
          lastStatus: 200,
        }),
      ]),
    );
    // The Avenger is not covered; the account without an endpoint keeps its event for the digest.
    expect(received.some((r) => r.body.includes(AVENGER))).toBe(false);
    const rows = await app.db().alertEvent.findMany({
      where: { type: "recall.opened", vin: { not: null } },
      select: { vin: true, status: true, watcherId: true },
    });
    expect(rows.map((r) => r.vin).sort()).toEqual([ACCORD[0], ACCORD[0], ACCORD[1], ACCORD[2]]);
    expect(rows.filter((r) => r.status === "unsent")).toHaveLength(1);
    // The watchlist answer now lists the campaign.
    const page = await eventually(
      async () => (await dealer(keys.a.key).get("watchlist?limit=2")).json(),
      (p) => p.items[1].recalls.count === 1,
      WAIT_MS,
    );
    expect(page.items[0].recalls).toMatchObject({ status: "ok", count: 0 });
    expect(page.items[1].recalls).toMatchObject({
      status: "ok",
      count: 1,
      items: [{ campaignNumber: FIRST_CAMPAIGN }],
    });
  });

  test("a repeated sync of the same data sends nothing", async () => {
    const before = received.length;
    const events = await app.db().alertEvent.count();
    await serveAndSync(fixture("FLAT_RCL_POST_2010.next.zip"));
    // Events are written in the sync's own transaction: none now means none will be sent.
    expect(await app.db().alertEvent.count()).toBe(events);
    expect(received.length).toBe(before);
  });

  test("the email digest lists the account's new recalls, once", async () => {
    await setDigest(account.accountId, true, new Date(Date.now() - 3_600_000));
    const run = await sendDigests();
    expect(run).toMatchObject({ mailed: 1, events: 1 });
    const mail = (await smtp.waitFor("digest@motors.example")).data.replace(/=\r\n/g, "");
    expect(mail).toContain(ACCORD[0]);
    expect(mail).toContain(FIRST_CAMPAIGN);
    expect(mail).toContain("DO NOT DRIVE");
    // Its lines may name watched VINs and watched years/makes/models alike.
    expect(mail).toContain("new recall for your watched vehicles");
    expect((await sendDigests()).mailed).toBe(0);
  });

  test("kill -9 of the delivery process mid-send loses nothing and sends no acknowledged event again; an endpoint that refuses everything is marked failing and its owner mailed", async () => {
    // a: the first Accord's event hangs (the sender is killed while it waits); the second's is taken at once.
    behaviour.set("/a", (_id, seen, body) => (seen === 0 && body.includes(ACCORD[0]) ? "hang" : 200));
    behaviour.set("/b", () => 503);
    await serveAndSync(fixture("FLAT_RCL_POST_2010.third.zip"));
    const second = (r: Received) => bodyOf(r).data.campaignNumber === SECOND_CAMPAIGN;
    await eventually(
      () => hanging.length,
      (n) => n === 1,
      WAIT_MS,
    );
    const taken = await eventually(
      () => app.db().alertEvent.findFirst({ where: { vin: ACCORD[1], campaignNumber: SECOND_CAMPAIGN } }),
      (e) => e?.status === "delivered",
      WAIT_MS,
    );
    expect(taken?.status).toBe("delivered");
    await stopRunner("SIGKILL");
    for (const res of hanging.splice(0)) res.destroy();
    runner = startRunner();

    const resent = await eventually(
      () => deliveriesTo("/a").filter(second),
      (d) => d.length >= 3,
      40_000,
    );
    const byVin = (vin: string) => resent.filter((r) => bodyOf(r).data.vin === vin).map((r) => r.headers["webhook-id"]);
    expect(byVin(ACCORD[1])).toHaveLength(1);
    expect(byVin(ACCORD[0])).toHaveLength(2);
    expect(new Set(byVin(ACCORD[0])).size).toBe(1);
    const hung = await eventually(
      // Watcher a's event (the account watching the same VIN has its own, unsent: it has no endpoint).
      () =>
        app.db().alertEvent.findFirst({
          where: { vin: ACCORD[0], campaignNumber: SECOND_CAMPAIGN, watcherId: `key:${keys.a.id}` },
        }),
      (e) => e?.status === "delivered",
      WAIT_MS,
    );
    expect(hung?.status).toBe("delivered");

    // b refused the event and both retries: failed, the endpoint failing, its owner told.
    const mail = await smtp.waitFor("b@fleet.example", 30_000);
    expect(mail.data).toContain("failing");
    expect(deliveriesTo("/b").filter(second)).toHaveLength(3);
    expect(await (await dealer(keys.b.key).get("webhook")).json()).toMatchObject({ health: "failing", pending: 0 });
  }, 90_000);
});

describe("investigation.opened and a Canadian recall.opened", () => {
  let e: { key: string; id: string };
  beforeAll(async () => {
    // The runner imported both files at start: the baseline, which opens nothing.
    for (const job of ["investigations", "canada-recalls"])
      await eventually(
        () => jobHealth(job),
        (s) => s.lastSuccessAt !== null,
        WAIT_MS,
      );
    expect(await app.db().alertEvent.count({ where: { type: "investigation.opened" } })).toBe(0);
    const issued = await issueKey({ name: "Fleet E", email: "e@fleet.example" });
    e = { key: issued.key, id: issued.record.id };
    const fleet = dealer(e.key);
    expect((await fleet.send("POST", "watchlist", { vins: [ACCORD[1]] })).status).toBe(200);
    const vehicles = { vehicles: [{ year: 2003, make: "honda", model: "accord" }] };
    expect((await fleet.send("POST", "watchlist/vehicles", vehicles)).status).toBe(200);
    const registered = await fleet.send("PUT", "webhook", { url: `${receiverUrl}/e` });
    expect(registered.status).toBe(200);
    secrets.e = (await registered.json()).secret;
  }, 60_000);

  test("a new investigation and a Canadian recall with no US campaign reach the watched VIN and vehicle by webhook, the log, the digest and the feed", async () => {
    // Both watches are older than what the next files bring.
    await new Promise((r) => setTimeout(r, 1100));
    const investigations = otherFiles[INVESTIGATIONS_FILE];
    investigations.body = [
      BASE_INVESTIGATIONS,
      investigationRow(NEW_INVESTIGATION, "20261120", "", "STEERING", "LOSS OF POWER STEERING ASSIST"),
    ].join("\r\n");
    investigations.version++;
    const canada = otherFiles[CANADA_FILE];
    canada.body = [VRDB_HEADER, BASE_CANADA, canadaRow(CANADIAN_ONLY, "C26X", "Steering", "2026-11-18")].join("\r\n");
    canada.version++;

    const toE = await eventually(
      () => received.filter((r) => r.path === "/e"),
      (d) => d.length >= 4,
      WAIT_MS * 2,
    );
    for (const r of toE) expect(new Webhook(secrets.e).verify(r.body, r.headers)).toBeTruthy();
    const opened = toE.map(bodyOf);
    const investigationToVin = opened.find((b) => b.type === "investigation.opened" && b.data.vin === ACCORD[1]);
    expect(investigationToVin?.data).toMatchObject({
      watched: "vin",
      year: 2003,
      make: "Honda",
      model: "Accord",
      actionNumber: NEW_INVESTIGATION,
      investigationType: { code: "PE" },
      open: true,
      openedOn: "2026-11-20",
      closedOn: null,
      subject: "LOSS OF POWER STEERING ASSIST",
      recall: null,
      permalink: `${app.url}/vin/${ACCORD[1]}`,
    });
    const canadianToVehicle = opened.find((b) => b.type === "recall.opened" && b.data.vin === null);
    expect(canadianToVehicle?.data).toMatchObject({
      watched: "vehicle",
      country: "CA",
      recallNumber: CANADIAN_ONLY,
      system: "Steering",
      recallDate: "2026-11-18",
      nhtsaCampaignNumber: null,
      permalink: `${app.url}/vehicles/honda/accord/2003`,
    });
    expect(String(canadianToVehicle?.data.source)).toContain("Open Government Licence – Canada");
    // The baseline's investigation and recall opened nothing; each new item is sent once per watch.
    expect(opened.filter((b) => b.data.actionNumber === "PE20001" || b.data.recallNumber === "2003100")).toEqual([]);
    expect(new Set(toE.map((r) => r.headers["webhook-id"])).size).toBe(4);

    const log = (await (await dealer(e.key).get("webhook/deliveries")).json()) as {
      items: { event: string; campaignNumber: string; country: string | null; vin: string | null }[];
    };
    expect(log.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "investigation.opened", campaignNumber: NEW_INVESTIGATION, country: "US" }),
        expect.objectContaining({ event: "recall.opened", campaignNumber: CANADIAN_ONLY, country: "CA" }),
      ]),
    );

    // The account watching the first Accord has no endpoint: its events reach the digest.
    const run = await sendDigests();
    expect(run.mailed).toBe(1);
    const mail = (await smtp.waitFor("digest@motors.example")).data.replace(/=\r\n/g, "");
    expect(mail).toContain(`NHTSA investigation ${NEW_INVESTIGATION} (preliminary evaluation, open, not a recall)`);
    expect(mail).toContain(`Canadian recall ${CANADIAN_ONLY} (Transport Canada, no US campaign)`);

    // The vehicle's feed lists both, the investigation as an investigation.
    const xml = await eventually(
      async () => (await fetch(`${app.url}/recalls/2003/honda/accord/feed.xml`)).text(),
      (x) => x.includes(NEW_INVESTIGATION) && x.includes(CANADIAN_ONLY),
      5000,
    );
    expect(xml).toContain(`NHTSA investigation ${NEW_INVESTIGATION} (preliminary evaluation, open)`);
    expect(xml).toContain(`Transport Canada recall ${CANADIAN_ONLY}: Steering`);
    expect(xml).toContain("Open Government Licence – Canada");
  }, 90_000);
});

describe("registration with the default address rules (a second app)", () => {
  let strict: TestApp;
  let strictKey: string;
  beforeAll(async () => {
    // Deliveries are done: the job runner can stop while the second app starts.
    await stopRunner("SIGTERM");
    strict = await startApp();
    await disconnectDb();
    process.env.DATABASE_URL = strict.database.url;
    resetConfigForTests();
    strictKey = (await issueKey({ name: "Strict Motors", email: "strict@motors.example" })).key;
    await disconnectDb();
    process.env.DATABASE_URL = app.database.url;
    resetConfigForTests();
  }, 120_000);
  afterAll(() => strict?.stop());

  test("with the address checks on, nothing is said about them at start", () => {
    expect(strict.output()).not.toContain(ADDRESS_CHECKS_OFF);
  });

  test("registration refuses loopback, metadata, private and non-https URLs (default address rules)", async () => {
    const refusals = [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/hook",
      "https://192.168.0.10/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      // IPv4-compatible and NAT64 forms of loopback and metadata addresses.
      "https://[::127.0.0.1]/hook",
      "https://[64:ff9b::169.254.169.254]/latest/meta-data",
      "https://user:pass@example.com/hook",
    ];
    for (const url of refusals) {
      const res = await dealer(strictKey).send("PUT", "webhook", { url }, strict.url);
      expect({ url, status: res.status, reason: (await res.json()).reason }).toEqual({
        url,
        status: 400,
        reason: "webhook_url_refused",
      });
    }
  });
});

describe("the recall feed", () => {
  test("is a public, cacheable Atom feed of the vehicle's campaigns from the mirror", async () => {
    // The mirror's index is derived again in the background after the last sync: within about a second.
    const { res, xml } = await eventually(
      async () => {
        const res = await fetch(`${app.url}/recalls/2003/honda/accord/feed.xml`);
        return { res, xml: await res.text() };
      },
      ({ xml }) => xml.includes(SECOND_CAMPAIGN),
      3000,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=3600/);
    expect(xml).toContain("<feed");
    expect(xml.indexOf(SECOND_CAMPAIGN)).toBeGreaterThan(-1);
    expect(xml.indexOf(SECOND_CAMPAIGN)).toBeLessThan(xml.indexOf(FIRST_CAMPAIGN));
    expect((await fetch(`${app.url}/recalls/1800/honda/accord/feed.xml`)).status).toBe(404);
  });
});
