import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { db } from "../db";
import { activateKey, DAILY_VIN_FLAG_THRESHOLD, issueKey, listKeys, recordUsage, revokeKey, verifyKey } from "./keys";

let temp: TempDb;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(() => temp.cleanup());

test("a key is shown once and stored only as a prefix and a SHA-256 hash", async () => {
  const { key, record } = await issueKey({
    name: "Main Street Motors",
    email: "gm@main.example",
    location: "Austin, TX",
  });
  expect(key).toMatch(/^vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  expect(key.slice(4, 16)).toBe(record.prefix);
  const row = await db().dealerKey.findUniqueOrThrow({ where: { id: record.id } });
  expect(JSON.stringify(row)).not.toContain(key.slice(17));
  expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
  expect(record.status).toBe("trial");
  expect(record.expiresAt!.getTime() - record.createdAt.getTime()).toBe(14 * 86_400_000);
  expect(await verifyKey(key)).toMatchObject({ ok: true, record: { id: record.id } });
});

test("unknown, malformed, tampered, revoked and expired keys are told apart", async () => {
  const { key, record } = await issueKey({ name: "A", email: "a@a.example" });
  expect(await verifyKey("nonsense")).toEqual({ ok: false, reason: "invalid_key" });
  expect(await verifyKey(`vsk_000000000000_${key.slice(17)}`)).toEqual({ ok: false, reason: "invalid_key" });
  const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
  expect(await verifyKey(tampered)).toEqual({ ok: false, reason: "invalid_key" });

  const later = new Date(Date.now() + 15 * 86_400_000);
  expect(await verifyKey(key, later)).toEqual({ ok: false, reason: "expired_key" });

  await revokeKey(record.prefix);
  expect(await verifyKey(key)).toEqual({ ok: false, reason: "revoked_key" });

  const active = await activateKey(record.id);
  expect(active).toMatchObject({ status: "active", expiresAt: null, revokedAt: null });
  expect(await verifyKey(key, later)).toMatchObject({ ok: true });
  expect(await revokeKey("vsk_ffffffffffff")).toBeNull();
});

test("usage is counted per key and day, and more than 10,000 VINs a day is flagged", async () => {
  const { record } = await issueKey({ name: "Bulk Auto", email: "bulk@auto.example", days: 3 });
  const day = new Date("2026-11-20T10:00:00Z");
  await recordUsage(record.id, { vins: 1 }, day);
  const busy = await recordUsage(record.id, { vins: DAILY_VIN_FLAG_THRESHOLD }, day);
  expect(busy).toEqual({ day: "2026-11-20", requests: 2, vins: 10_001, flagged: true });
  const listed = (await listKeys(new Date("2026-11-21T08:00:00Z"))).find((k) => k.id === record.id)!;
  expect(listed.flagged).toBe(true);
  expect(listed.peak).toEqual({ day: "2026-11-20", requests: 2, vins: 10_001, flagged: true });
  expect(listed.today).toEqual({ day: "2026-11-21", requests: 0, vins: 0, flagged: false });
  expect(listed.lastActiveDay).toBe("2026-11-20");

  const { record: calm } = await issueKey({ name: "Calm", email: "calm@auto.example" });
  await recordUsage(calm.id, { vins: DAILY_VIN_FLAG_THRESHOLD }, day);
  expect((await listKeys(day)).find((k) => k.id === calm.id)!.flagged).toBe(false);
});
