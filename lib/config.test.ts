import { availableParallelism } from "node:os";
import path from "node:path";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("defaults to the embedded SQLite file under ./data and port 3000", () => {
    const c = parseConfig({}, "/srv/app");
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ provider: "sqlite", url: `file:${path.join("/srv/app/data", "vinscope.db")}` });
    expect(c.publicBaseUrl).toBe("http://localhost:3000");
    expect(c.vpic.apiBaseUrl).toBe("https://vpic.nhtsa.dot.gov/api");
    expect(c.logLevel).toBe("info");
  });

  it("recognises PostgreSQL URLs and strips a trailing slash from PUBLIC_BASE_URL", () => {
    const c = parseConfig({ DATABASE_URL: "postgresql://u:p@db:5432/v", PUBLIC_BASE_URL: "https://cars.example/" });
    expect(c.database.provider).toBe("postgresql");
    expect(c.publicBaseUrl).toBe("https://cars.example");
  });

  it("runs one server process per core, at most 4, unless WEB_CONCURRENCY says otherwise", () => {
    expect(parseConfig({}).workers).toBe(Math.min(availableParallelism(), 4));
    expect(parseConfig({ WEB_CONCURRENCY: "6" }).workers).toBe(6);
  });

  it("treats `off` as disabling an outside source and blank values as unset", () => {
    const c = parseConfig({ VPIC_API_BASE_URL: "off", NHTSA_API_BASE_URL: "OFF", PORT: "" });
    expect(c.vpic.apiBaseUrl).toBeNull();
    expect(c.nhtsa.apiBaseUrl).toBeNull();
    expect(c.port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_BASE_URL: "cars.example" }, "PUBLIC_BASE_URL"],
    [{ NHTSA_API_BASE_URL: "ftp://x" }, "NHTSA_API_BASE_URL"],
    [{ STICKER_URL_GM: "https://gm.example/sticker" }, "STICKER_URL_GM"],
    [{ SEED_DEMO_DATA: "maybe" }, "SEED_DEMO_DATA"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "two" }, "WEB_CONCURRENCY"],
  ])("rejects %j with a message naming %s", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as ConfigError).message).toContain(`${name}:`);
    }
  });
});
