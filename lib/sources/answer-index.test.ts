/**
 * The stored answers of the buyer-data sources: written once per key (a raw INSERT … ON CONFLICT), loaded by a
 * new process, and kept current from what other processes store.
 */
import Database from "better-sqlite3";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { db } from "../db";
import { deferWrite, drainDeferredWrites } from "../db/write-behind";
import { answerIndex } from "./answer-index";
import { answersOf, storedAnswers } from "./stored";
import type { SourceDescriptor } from "./registry";

/** A source as a room registers one (lib/sources/registry.ts), answering a day long. */
const testSource: SourceDescriptor = {
  name: "test-source",
  system: "test-breaker",
  words: { what: "test answers", from: "a test source" },
  online: () => true,
  freshMs: () => 86_400_000,
  inReport: true,
};

let temp: ReturnType<typeof createTempDb>;

beforeAll(() => {
  temp = createTempDb();
});
afterAll(() => temp.cleanup());

/** A new process: its own index, loaded from the database on first use. */
function restart(): void {
  (globalThis as { __vinscopeAnswerIndex?: unknown }).__vinscopeAnswerIndex = undefined;
  (globalThis as { __vinscopeSourceAnswers?: unknown }).__vinscopeSourceAnswers = undefined;
}

test("an answer stored twice is one row holding the newer answer, and a new process loads it", async () => {
  const answers = answersOf<{ stars: number }>(testSource);
  await answers.get("2020|acme|roadster", async () => ({ ok: true, value: { stars: 4 } }));
  await drainDeferredWrites();
  // A year on, the stored answer has expired and the source is asked again.
  const later = () => new Date(Date.now() + 365 * 86_400_000);
  await answers.get("2020|acme|roadster", async () => ({ ok: true, value: { stars: 5 } }), { now: later });
  await drainDeferredWrites();

  const rows = await db().sourceAnswer.findMany({ where: { source: "test-source" } });
  expect(rows).toHaveLength(1);
  expect(JSON.parse(rows[0].payload)).toEqual({ stars: 5 });

  restart();
  const known = await answersOf<{ stars: number }>(testSource).known("2020|acme|roadster");
  expect(known?.value).toEqual({ stars: 5 });
});

test("answers saved together, one of them twice, all reach the database with the newer answer", async () => {
  const saved = new Date();
  // Queued in one turn: they go out together, in one statement.
  for (const source of ["batch-a", "batch-b"])
    for (const model of ["coupe", "sedan", "wagon"])
      await storedAnswers<{ model: string }>(source).save(`2022|acme|${model}`, { model }, saved);
  await storedAnswers<{ model: string }>("batch-a").save("2022|acme|coupe", { model: "coupe, again" }, saved);
  await drainDeferredWrites();

  const rows = await db().sourceAnswer.findMany({
    where: { source: { in: ["batch-a", "batch-b"] } },
    orderBy: [{ source: "asc" }, { key: "asc" }],
  });
  expect(rows.map((r) => `${r.source} ${r.key} ${JSON.parse(r.payload).model}`)).toEqual([
    "batch-a 2022|acme|coupe coupe, again",
    "batch-a 2022|acme|sedan sedan",
    "batch-a 2022|acme|wagon wagon",
    "batch-b 2022|acme|coupe coupe",
    "batch-b 2022|acme|sedan sedan",
    "batch-b 2022|acme|wagon wagon",
  ]);
});

test("bounded: a batch keeps the newest 5,000 answers; the oldest are let go", async () => {
  let release!: () => void;
  deferWrite("hold", { run: () => new Promise<void>((r) => (release = r)) });
  await new Promise((r) => setTimeout(r, 5)); // that write is in flight: the answers queue behind it, in one batch
  const answers = storedAnswers<{ n: number }>("batch-bound");
  for (let n = 0; n < 5002; n++) await answers.save(`2021|acme|model-${n}`, { n }, new Date());
  release();
  await drainDeferredWrites();
  const keys = (await db().sourceAnswer.findMany({ where: { source: "batch-bound" }, select: { key: true } })).map(
    (r) => r.key,
  );
  expect(keys).toHaveLength(5000);
  expect(keys).not.toContain("2021|acme|model-0");
  expect(keys).not.toContain("2021|acme|model-1");
  expect(keys).toContain("2021|acme|model-2");
  expect(keys).toContain("2021|acme|model-5001");
});

test("bounded in bytes too: a source of large answers holds at most 24 MB of them, the newest", async () => {
  const index = answerIndex();
  const at = new Date();
  // Eight answers of 4 MB each: only five fit in 24 MB.
  for (let n = 0; n < 8; n++) index.hold("large-answers", `2021|acme|model-${n}`, `"${"x".repeat(4 << 20)}"`, at);
  expect(index.sizes()["large-answers"]).toBe(5);
  expect(await index.get("large-answers", "2021|acme|model-0")).toBeNull();
  expect((await index.get<string>("large-answers", "2021|acme|model-7"))?.value).toHaveLength(4 << 20);
});

test("an answer another process stores, or replaces, shows here after a poll", async () => {
  restart();
  const index = answerIndex();
  expect(await index.get("test-source", "2021|acme|coupe")).toBeNull();
  const checkedAt = new Date();
  await db().sourceAnswer.create({
    data: { source: "test-source", key: "2021|acme|coupe", payload: '{"stars":3}', checkedAt, storedAt: new Date() },
  });
  // The poll runs at most every 2 s, started by a lookup and not awaited by it.
  await new Promise((r) => setTimeout(r, 2100));
  await index.get("test-source", "2021|acme|coupe");
  await new Promise((r) => setTimeout(r, 200));
  expect((await index.get("test-source", "2021|acme|coupe"))?.value).toEqual({ stars: 3 });

  // A newer answer for a key this process holds is read again; its payload is not skipped as already held.
  await db().sourceAnswer.update({
    where: { source_key: { source: "test-source", key: "2021|acme|coupe" } },
    data: { payload: '{"stars":2}', checkedAt: new Date(checkedAt.getTime() + 1000), storedAt: new Date() },
  });
  await new Promise((r) => setTimeout(r, 2100));
  await index.get("test-source", "2021|acme|coupe");
  await new Promise((r) => setTimeout(r, 200));
  expect((await index.get("test-source", "2021|acme|coupe"))?.value).toEqual({ stars: 2 });
  // Two polls' waits are 4.6 s of the test's time: Jest's default 5 s left no room for the database work.
}, 15_000);

test("an answer whose write waited behind another connection's lock is stamped when it went in, and found", async () => {
  const other = new Database(temp.url.replace(/^file:/, ""));
  try {
    // Another process holds the write lock: this process's answer waits in its write-behind queue.
    other.exec("BEGIN IMMEDIATE");
    await storedAnswers<{ stars: number }>("lock-wait").save("2023|acme|coupe", { stars: 4 }, new Date());
    restart(); // the reader: a process that does not hold that answer
    const reader = answerIndex();
    expect(await reader.get("lock-wait", "2023|acme|coupe")).toBeNull();
    await new Promise((r) => setTimeout(r, 2050));
    // That process writes a row of its own and at once takes the lock again; the reader's poll sees the row and
    // moves past it.
    other
      .prepare(
        `INSERT INTO "SourceAnswer" ("source", "key", "payload", "checkedAt", "storedAt") ` +
          `VALUES ('lock-wait', 'other', '{}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      )
      .run();
    other.exec("COMMIT");
    other.exec("BEGIN IMMEDIATE");
    await reader.get("lock-wait", "other");
    await new Promise((r) => setTimeout(r, 200));
    expect(await reader.get("lock-wait", "other")).not.toBeNull();
    await new Promise((r) => setTimeout(r, 800));
    // The lock is let go a second later: the waiting answer goes in then, stamped then, and the next poll finds it
    // (stamped when it was queued, it would lie behind what the reader has already passed).
    other.exec("COMMIT");
    await drainDeferredWrites();
    await new Promise((r) => setTimeout(r, 1100));
    await reader.get("lock-wait", "2023|acme|coupe");
    await new Promise((r) => setTimeout(r, 200));
    expect((await reader.get<{ stars: number }>("lock-wait", "2023|acme|coupe"))?.value).toEqual({ stars: 4 });
  } finally {
    if (other.inTransaction) other.exec("ROLLBACK");
    other.close();
  }
}, 15_000);
