/**
 * Prisma CLI configuration (migrate deploy / diff / generate). One file for both databases: the schema and
 * driver adapter follow DATABASE_URL exactly as lib/config.ts resolves it, so `prisma migrate deploy` always
 * targets the database the app will use. Prisma 6.19 runs offline here only with the JS schema engine.
 */
import path from "node:path";
import { defineConfig } from "prisma/config";
import { parseConfig, postgresPoolOptions } from "./lib/config";
import { TOOL_POOL_SIZE } from "./lib/db/connection-budget";

const { database } = parseConfig(process.env);
const schema = database.provider === "postgresql" ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(__dirname, schema),
  async adapter() {
    if (database.provider === "postgresql") {
      // The CLI needs adapter-pg 7.x (6.19's cannot read PostgreSQL's `name` columns during migrate);
      // the runtime client keeps adapter-pg 6.19.3 (lib/db/index.ts).
      const { PrismaPg } = await import("@prisma/adapter-pg-cli");
      // allowExitOnIdle: the CLI exits when its work is done instead of after pg's 10 s idle timeout
      // (cli/db/migrate-deploy.ts). max: the migration's share of the connection budget, not pg's 10.
      return new PrismaPg(
        { ...postgresPoolOptions(database), allowExitOnIdle: true, max: TOOL_POOL_SIZE },
        { schema: database.schema },
      );
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: database.url });
  },
});
