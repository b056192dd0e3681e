/**
 * The request log of a polled route (/api/health: `logSuccessChangesOnly`): a healthy answer is logged when the
 * status changes, not at every poll; failures are logged every time, and other routes log every request.
 */
import type { RouteSpec } from "../api/operations";
import { UNDOCUMENTED_ROUTES } from "../api/operations";
import { json, route } from "./route";

const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
// A healthy process, without a database: what /api/health's handler reports is not what is tested here.
jest.mock("../health", () => ({
  healthReport: async () => ({ status: "ok", version: "test", db: { ok: true }, warmUp: { state: "ready" } }),
}));
jest.mock("../log", () => {
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
  const logger = { info: at("info"), warn: at("warn"), error: at("error"), debug: at("debug") };
  return { log: () => logger };
});

const ctx = { params: Promise.resolve({}) };
const spec = { operationId: "getPolled", method: "get", path: "/polled" } satisfies RouteSpec;

beforeEach(() => {
  lines.length = 0;
});

test("a polled route logs its first answer and each change of status, and every failure", async () => {
  let status = 200;
  const GET = route(spec, async () => json({ status }, { status, expected: true }), { logSuccessChangesOnly: true });
  for (const s of [200, 200, 200, 503, 503, 200, 200, 500, 500]) {
    status = s;
    await GET(new Request("http://local/polled"), ctx);
  }
  expect(lines.map((l) => l.fields.status)).toEqual([200, 503, 503, 200, 500, 500]);
});

test("/api/health is such a route: repeated healthy polls are logged once; any other route logs every request", async () => {
  const health = (await import("../../app/api/health/route")).GET;
  for (let i = 0; i < 5; i++) expect((await health(new Request("http://local/api/health"), ctx)).status).toBe(200);
  expect(lines.filter((l) => l.fields.route === UNDOCUMENTED_ROUTES.health.operationId)).toHaveLength(1);
  const GET = route(spec, async () => json({ ok: true }));
  for (let i = 0; i < 3; i++) await GET(new Request("http://local/polled"), ctx);
  expect(lines.filter((l) => l.fields.route === "getPolled")).toHaveLength(3);
});
