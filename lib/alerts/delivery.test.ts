/**
 * Webhook delivery keeps dealers apart: endpoints on one receiving host (a shared integration platform), on a
 * real (temporary SQLite) database and a loopback receiver. One dealer's failing or hanging endpoint must
 * neither open another's breaker nor hold the slots another's events wait for.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { resetConfigForTests } from "../config";
import { db } from "../db";
import { deliverDueEvents, sendTestEvent } from "./delivery";
import { registerEndpoint } from "./endpoints";
import { WEBHOOK_TEST } from "./event-body";
import type { Watcher } from "./watcher";

jest.setTimeout(30_000);

let temp: ReturnType<typeof createTempDb>;
let server: http.Server;
let base: string;
/** What each path answers: a status, or no answer at all. */
const answers = new Map<string, number | "hang">();
const hanging: http.ServerResponse[] = [];
const hits: string[] = [];

const watcher = (name: string): Watcher => ({ id: `key:${name}`, accountId: null, email: `${name}@fleet.example` });

beforeAll(async () => {
  Object.assign(process.env, {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    WEBHOOK_TIMEOUT_MS: "3000",
    AUTH_SECRET: "a-test-auth-secret-of-at-least-32-characters",
    OUTSIDE_BREAKER_FAILURES: "3",
    OUTSIDE_BREAKER_COOLDOWN_MS: "60000",
  });
  temp = createTempDb();
  resetConfigForTests();
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hits.push(req.url ?? "");
      const answer = answers.get(req.url ?? "") ?? 200;
      if (answer === "hang") return void hanging.push(res);
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  // Every endpoint below is on this one host.
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((r) => server.close(r));
  await temp.cleanup();
});

test("an endpoint that keeps failing is given a rest; another dealer's endpoint on the same host is still sent to", async () => {
  const a = watcher("failing");
  const b = watcher("healthy");
  answers.set("/failing", 500);
  await registerEndpoint(a, `${base}/failing`);
  await registerEndpoint(b, `${base}/healthy`);
  for (let i = 0; i < 4; i++) await sendTestEvent(a);
  const rested = await sendTestEvent(a);
  expect(rested).toMatchObject({ delivered: false, status: null, error: expect.stringContaining("given a rest") });

  const other = await sendTestEvent(b);
  expect(other).toMatchObject({ delivered: true, status: 200, error: null });
  expect(hits.filter((h) => h === "/healthy")).toHaveLength(1);
});

test("an endpoint that hangs holds its own slots only: another dealer's event on the same host is delivered meanwhile", async () => {
  const slow = watcher("slow");
  const quick = watcher("quick");
  answers.set("/slow", "hang");
  await registerEndpoint(slow, `${base}/slow`);
  await registerEndpoint(quick, `${base}/quick`);
  const due = new Date(Date.now() - 1000);
  const event = (w: Watcher, n: number) => ({
    id: `msg_${w.id.slice(4)}_${n}`,
    watcherId: w.id,
    type: WEBHOOK_TEST,
    createdAt: due,
    status: "pending",
    nextAttemptAt: due,
  });
  await db().alertEvent.createMany({ data: Array.from({ length: 6 }, (_, n) => event(slow, n)) });

  // The first round sends the slow endpoint's events, and waits on them.
  const first = deliverDueEvents("sender");
  const until = Date.now() + 5000;
  while (hanging.length < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(hanging).toHaveLength(4);

  // Meanwhile the other dealer's event comes due, and the next round (the job starts one while the first waits)
  // delivers it at once: not after the slow endpoint's deadline, and not as a timeout.
  await db().alertEvent.create({ data: event(quick, 0) });
  const started = Date.now();
  const second = await deliverDueEvents("sender");
  expect(second).toMatchObject({ sent: 1, delivered: 1 });
  expect(Date.now() - started).toBeLessThan(2000);
  expect(await db().alertEvent.findUnique({ where: { id: "msg_quick_0" } })).toMatchObject({
    status: "delivered",
    attempts: 1,
  });

  for (const res of hanging.splice(0)) res.destroy();
  expect((await first).sent).toBe(4);
});
