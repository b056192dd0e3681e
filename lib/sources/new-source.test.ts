/**
 * A new source is one file plus its registration: here a fake "tyre recalls" source, its client a function over a
 * fake server's state, registered with a descriptor as lib/sources/registry.ts lists the real ones. Asked the one
 * way (ask.ts), stored where every source's answers are (table SourceAnswer, held by the index), worded by the one
 * presenter, and never answering an unknown as zero.
 */
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { resetConfigForTests } from "../config";
import { db } from "../db";
import { drainDeferredWrites } from "../db/write-behind";
import { resetBreakersForTests, type FetchFailure } from "../outside";
import { answersOf, sourceText, type AskOptions, type SourceDescriptor } from ".";

// --- the source's file: its registration, its client and its section ---
const tyreRecalls: SourceDescriptor = {
  name: "tyre-recalls",
  system: "tyre-registry",
  words: { what: "tyre recalls", from: "the tyre registry" },
  online: () => true,
  freshMs: () => 60_000,
  inReport: true,
};

/** The fake registry: its answers per model, or down. */
const registry = { down: false, calls: 0, counts: new Map<string, number>() };

async function askRegistry(model: string): Promise<{ ok: true; value: { count: number } } | FetchFailure> {
  registry.calls++;
  if (registry.down) return { ok: false, reason: "network_error", detail: "connection refused" };
  return { ok: true, value: { count: registry.counts.get(model) ?? 0 } };
}

async function tyreRecallsFor(model: string, opts: Pick<AskOptions, "budgetMs" | "now"> = {}) {
  const answer = await answersOf<{ count: number }>(tyreRecalls).get(model, () => askRegistry(model), opts);
  if (answer.kind === "fresh") return { status: "ok", count: answer.value.count, source: "Tyre registry" };
  if (answer.kind === "stale") {
    const facts = { ...tyreRecalls.words, status: "stale", reason: answer.failure.reason, asOf: "2026-11-01" };
    return { status: "stale", count: answer.value.count, source: sourceText("Tyre registry", facts) };
  }
  const reason = answer.kind === "pending" ? answer.reason : answer.failure.reason;
  const status = answer.kind === "pending" ? "pending" : "unavailable";
  return { status, count: null, source: sourceText("Tyre registry", { ...tyreRecalls.words, status, reason }) };
}
// --- end of the source's file ---

let temp: ReturnType<typeof createTempDb>;
const savedEnv = { ...process.env };
beforeAll(() => {
  process.env = { ...savedEnv, LOG_LEVEL: "silent", OUTSIDE_FAILURE_MEMO_MS: "0" };
  temp = createTempDb();
  resetBreakersForTests();
});
afterAll(async () => {
  await temp.cleanup();
  process.env = savedEnv;
  resetConfigForTests();
});

test("a registered source is asked once, stored, served fresh, then stale when it fails; unknown is never 0", async () => {
  registry.down = true;
  const never = await tyreRecallsFor("roadster");
  expect(never).toMatchObject({ status: "unavailable", count: null });
  expect(never.source).toBe(
    "Tyre registry: not known; the tyre registry could not be reached, and no earlier answer is stored",
  );

  registry.down = false;
  registry.counts.set("coupe", 2);
  expect(await tyreRecallsFor("coupe")).toMatchObject({ status: "ok", count: 2 });
  const calls = registry.calls;
  // Fresh for its freshMs: not asked again.
  expect(await tyreRecallsFor("coupe")).toMatchObject({ status: "ok", count: 2 });
  expect(registry.calls).toBe(calls);

  // Stored in the one table every source uses, and held by its index.
  await drainDeferredWrites();
  const rows = await db().sourceAnswer.findMany({ where: { source: "tyre-recalls" } });
  expect(rows.map((r) => [r.key, JSON.parse(r.payload)])).toEqual([["coupe", { count: 2 }]]);

  // Past its freshness, with the source down: the last known answer, said in words, not as a code.
  registry.down = true;
  const later = () => new Date(Date.now() + 120_000);
  const stale = await tyreRecallsFor("coupe", { now: later });
  expect(stale).toMatchObject({ status: "stale", count: 2 });
  expect(stale.source).toBe(
    "Tyre registry: the last known answer, as of 2026-11-01; the tyre registry could not be reached",
  );
  expect(stale.source).not.toMatch(/network_error/);
});
