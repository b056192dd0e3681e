/** `vinscope db …`: database administration (cli/db/prepare.ts does the work). */
import type { Command } from "commander";
import { examples } from "../help";

export function registerDb(program: Command): void {
  const db = program.command("db").description("database administration");
  examples(db, ["vinscope db migrate"]);
  const migrateCommand = db
    .command("migrate")
    .description("apply pending migrations (prisma migrate deploy), then seed the demo data into an empty database")
    .action(async () => (await import("../db/prepare")).prepareDatabase());
  migrateCommand.addHelpText(
    "after",
    "\nThe database is DATABASE_URL (unset: the SQLite file data/vinscope.db). Safe to run from several instances\n" +
      "at once against one PostgreSQL. SEED_DEMO_DATA=false skips the labelled demo data.\n",
  );
  examples(migrateCommand, [
    "vinscope db migrate",
    "DATABASE_URL=postgresql://user:pw@db:5432/vinscope vinscope db migrate",
  ]);
}
