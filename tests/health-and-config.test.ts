/** What an operator sees when the database is down or a variable is wrong. */
import { npmStartFailure, startApp } from "./support/app";

describe("health when the database is unreachable", () => {
  it("answers 503 with a problem body naming the database", async () => {
    const app = await startApp({
      env: { DATABASE_URL: "postgresql://nobody:nothing@127.0.0.1:9/absent" },
      allowUnhealthy: true,
    });
    try {
      const res = await fetch(`${app.url}/api/health`);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.json();
      expect(body).toMatchObject({
        status: 503,
        title: "Service Unavailable",
        reason: "database_unavailable",
        db: { ok: false, provider: "postgresql" },
      });
      expect(JSON.stringify(body)).not.toContain("nothing@"); // no credentials leak
    } finally {
      await app.stop();
    }
  });
});

describe("npm start with a bad configuration", () => {
  it.each([
    ["PORT", "eighty"],
    ["DATABASE_URL", "mysql://db/x"],
    ["LOG_LEVEL", "shouty"],
    ["HOST", "every interface"],
  ])("stops before doing anything when %s=%s, naming the variable", async (name, value) => {
    const failure = await npmStartFailure({ ...process.env, [name]: value });
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(2);
    expect(failure!.stderr).toContain("Invalid configuration");
    expect(failure!.stderr).toContain(`${name}:`);
  });
});
