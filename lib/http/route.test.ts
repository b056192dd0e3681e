/**
 * route(spec, handler): the handler gets the parameters parsed with the spec's own schemas, a bad one is a 400
 * problem naming it (before the handler runs), and the answer carries the spec's cache policy.
 */
import { z } from "zod";
import type { RouteSpec } from "../api/operations";
import { ARRIVED_HEADER } from "./arrival";
import { json, route } from "./route";

const spec = {
  operationId: "getThing",
  method: "get",
  path: "/things/{id}",
  pathParams: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
  query: z.object({ full: z.enum(["yes", "no"]).default("no") }),
  cache: "market",
} satisfies RouteSpec;

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

describe("route", () => {
  const seen: unknown[] = [];
  const GET = route(spec, async (_req, { params, query }) => {
    seen.push({ params, query });
    return json({ id: params.id + 1, full: query.full });
  });

  test("hands the handler its path parameters and query as the spec's schemas parse them", async () => {
    const res = await GET(new Request("http://local/things/41?full=yes"), ctx({ id: "41" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 42, full: "yes" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=3600, stale-while-revalidate=600");
    expect(GET.spec).toBe(spec);
  });

  test("a malformed parameter is a 400 problem naming it, and the handler never runs", async () => {
    seen.length = 0;
    const badPath = await GET(new Request("http://local/things/x"), ctx({ id: "x" }));
    expect(badPath.status).toBe(400);
    expect(badPath.headers.get("content-type")).toBe("application/problem+json");
    expect(await badPath.json()).toMatchObject({ reason: "invalid_parameter", param: "id" });
    const badQuery = await GET(new Request("http://local/things/1?full=maybe"), ctx({ id: "1" }));
    expect(await badQuery.json()).toMatchObject({ status: 400, reason: "invalid_parameter", param: "full" });
    expect(seen).toEqual([]);
  });

  test("a spec without a cache policy answers no-store; without schemas the handler gets undefined", async () => {
    const bare = route({ operationId: "bare", method: "post", path: "/bare" }, async (_req, input) => json(input));
    const res = await bare(new Request("http://local/bare", { method: "POST" }), ctx({}));
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({});
  });

  test("the deadline counts from the request's arrival: time spent queued in the process is part of it", async () => {
    const slow = route(
      { operationId: "slow", method: "get", path: "/slow" },
      async () => {
        await new Promise((r) => setTimeout(r, 1000));
        return json({ done: true });
      },
      { deadlineMs: 1500 },
    );
    expect((await slow(new Request("http://local/slow"), ctx({}))).status).toBe(200);
    // Stamped 1,450 ms ago: 50 ms of the deadline are left, and the 1 s handler is past them.
    const queued = new Request("http://local/slow", {
      headers: { [ARRIVED_HEADER]: String(performance.now() - 1450) },
    });
    const started = performance.now();
    const res = await slow(queued, ctx({}));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ reason: "deadline_exceeded" });
    expect(performance.now() - started).toBeLessThan(700);
  });
});
