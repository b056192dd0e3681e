/** The house rules every route shares: health, problem details, CORS, ETag/304, request ids. */
import { startApp, type TestApp } from "./support/app";
import { testProvider } from "./support/test-database";

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app.stop();
});

describe(`foundation (${testProvider()})`, () => {
  it("reports health with the database round trip", async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", db: { ok: true, provider: testProvider() } });
    expect(typeof body.db.latencyMs).toBe("number");
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("keeps a caller's sane request id and replaces an unsafe one", async () => {
    const kept = await fetch(`${app.url}/api/health`, { headers: { "x-request-id": "trace-abc-12345" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc-12345");
    const replaced = await fetch(`${app.url}/api/health`, { headers: { "x-request-id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers ETag revalidation with 304 and no body", async () => {
    const first = await fetch(`${app.url}/api/health`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // Health changes every second (uptime); a stale tag gets the full answer, a matching one a 304.
    const stale = await fetch(`${app.url}/api/health`, { headers: { "if-none-match": '"not-the-tag"' } });
    expect(stale.status).toBe(200);
    const again = await fetch(`${app.url}/api/health`);
    const fresh = await fetch(`${app.url}/api/health`, {
      headers: { "if-none-match": `W/${again.headers.get("etag")}, "x"` },
    });
    if (fresh.status === 304) {
      expect(await fresh.text()).toBe("");
      expect(fresh.headers.get("etag")).toBe(again.headers.get("etag"));
    } else {
      // The second ticked over between the two requests; the tags must then differ.
      expect(fresh.headers.get("etag")).not.toBe(again.headers.get("etag"));
    }
  });

  it("answers CORS preflight on public routes with 204 and a max age", async () => {
    for (const path of [
      "/api/public/vin/1HGCM82633A004352",
      "/api/recalls",
      "/api/market-data",
      "/api/mcp",
      "/api/vin-insights/2024/ford/f-150",
    ]) {
      const res = await fetch(`${app.url}${path}`, {
        method: "OPTIONS",
        headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "GET" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain("GET");
      expect(res.headers.get("access-control-max-age")).toBe("86400");
    }
  });

  it("puts CORS headers on public answers but not on the dealer API", async () => {
    const open = await fetch(`${app.url}/api/market-data`, { headers: { Origin: "https://agent.example" } });
    expect(open.headers.get("access-control-allow-origin")).toBe("*");
    const dealer = await fetch(`${app.url}/api/dealer/v1/window-sticker?vin=1HGCM82633A004352`, {
      method: "OPTIONS",
      headers: { Origin: "https://agent.example" },
    });
    expect(dealer.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses the dealer API without a key as a 401 problem", async () => {
    const res = await fetch(`${app.url}/api/dealer/v1/window-sticker?vin=1HGCM82633A004352`);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 401, title: "Unauthorized", reason: "missing_key" });
    expect(body.type).toBe(`${app.url}/docs#problem-missing_key`);
    expect(body.detail).toContain("x-api-key");
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("serves the home page and a not-found page with status 404", async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("vinscope");
    const missing = await fetch(`${app.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });
});
