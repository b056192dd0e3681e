/**
 * A fresh, migrated SQLite database in a temp folder for in-process tests of lib/recalls (the integration
 * suite gets its databases from tests/support/app.ts instead). Sets DATABASE_URL and resets the config memo.
 */
import { resetConfigForTests } from "../../lib/config";
import { disconnectDb } from "../../lib/db";
import { createMigratedSqlite } from "./test-database";

export function createTempDb(): { url: string; cleanup: () => Promise<void> } {
  const database = createMigratedSqlite("recalls-test");
  process.env.DATABASE_URL = database.url;
  resetConfigForTests();
  return {
    url: database.url,
    cleanup: async () => {
      await disconnectDb();
      await database.drop();
    },
  };
}
