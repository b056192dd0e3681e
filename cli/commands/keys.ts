/**
 * `vinscope keys …` (`npm run keys -- …`): dealer key administration.
 *   create --name <name> --email <email> [--location <rooftop>] [--days N | --active]
 *   list       usage today and the busiest of the last 30 days; `flagged` above DEALER_DAILY_VIN_FLAG
 *   revoke <id|prefix>
 *   activate <id|prefix>
 * `create` prints the key itself: the only time it is ever shown. With --json each prints one JSON line.
 */
import { Option, type Command } from "commander";
import type { DealerKeyRecord } from "../../lib/dealers";
import { examples } from "../help";
import { printJson, printRecord, printTable, UsageError, wholeNumber, withDb } from "../output";

const keysLib = () => import("../../lib/dealers");

export function registerKeys(program: Command): void {
  const keys = program.command("keys").description("dealer API keys: create, list, revoke, activate");
  examples(keys, [
    'vinscope keys create --name "Main Street Motors" --email ops@example.com',
    "vinscope keys list --json",
    "vinscope keys revoke 3f9a1c2b7d10",
  ]);

  const create = keys
    .command("create")
    .alias("issue")
    .description("issue a key (a trial unless --active); the key is printed once and stored only as a hash")
    .requiredOption("--name <name>", "the dealer's name")
    .requiredOption("--email <email>", "contact email")
    .option("--location <rooftop>", "the rooftop the key is for")
    .addOption(
      new Option("--days <n>", "trial length in days (default: the standard trial, TRIAL_DAYS in lib/dealers/keys.ts)")
        .argParser(wholeNumber(1, 3650))
        .conflicts("active"),
    )
    .option("--active", "a paid key without expiry instead of a trial")
    .option("--json", "one JSON line")
    .action(
      (opts: { name: string; email: string; location?: string; days?: number; active?: boolean; json?: boolean }) =>
        withDb(async () => {
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(opts.email))
            throw new UsageError(`not an email address: ${opts.email}`);
          const { issueKey, TRIAL_DAYS } = await keysLib();
          const days = opts.active ? null : (opts.days ?? TRIAL_DAYS);
          const { key, record } = await issueKey({
            name: opts.name,
            email: opts.email,
            location: opts.location ?? null,
            days,
          });
          if (opts.json) return printJson({ key, ...describeKey(record) });
          process.stdout.write(`key: ${key}\n(shown this once: only its hash is stored)\n\n`);
          printRecord(describeKey(record));
        }),
    );
  examples(create, [
    'vinscope keys create --name "Main Street Motors" --email ops@example.com',
    'vinscope keys create --name "Lone Star Ford" --email fleet@lonestar.example --location Austin --days 30',
    'vinscope keys create --name "Partner Group" --email it@partner.example --active --json',
  ]);

  const list = keys
    .command("list")
    .description("every key with today's usage and the busiest day of the last 30")
    .option("--json", "one JSON line: { dailyVinFlag, keys: [...] }")
    .action((opts: { json?: boolean }) =>
      withDb(async () => {
        const { listKeys } = await keysLib();
        const { config } = await import("../../lib/config");
        const listed = (await listKeys()).map((k) => ({
          ...describeKey(k),
          lastActiveDay: k.lastActiveDay,
          today: k.today,
          peak: k.peak,
          flagged: k.flagged,
        }));
        // A key is flagged when a day of the last 30 carried more VINs than this (DEALER_DAILY_VIN_FLAG).
        const dailyVinFlag = config().dealerDailyVinFlag;
        if (opts.json) return printJson({ dailyVinFlag, keys: listed });
        if (!listed.length) return void process.stdout.write("no keys\n");
        printTable(listed, [
          ["PREFIX", (k) => k.prefix],
          ["STATUS", (k) => k.status],
          ["NAME", (k) => k.name],
          ["EMAIL", (k) => k.email],
          ["EXPIRES", (k) => k.expiresAt?.slice(0, 10)],
          ["VINS TODAY", (k) => k.today.vins],
          ["PEAK VINS", (k) => k.peak?.vins],
          ["FLAGGED", (k) => (k.flagged ? "yes" : "")],
        ]);
        process.stdout.write(`\nflagged: a day of the last 30 above ${dailyVinFlag} VINs (DEALER_DAILY_VIN_FLAG)\n`);
      }),
    );
  examples(list, ["vinscope keys list", "vinscope keys list --json"]);

  for (const action of ["revoke", "activate"] as const) {
    const command = keys
      .command(action)
      .description(
        action === "revoke" ? "revoke a key at once" : "make a key active without expiry (paid without Stripe)",
      )
      .argument("<key>", "the key's id or its 12-character prefix")
      .option("--json", "one JSON line")
      .action((handle: string, opts: { json?: boolean }) =>
        withDb(async () => {
          const lib = await keysLib();
          const record = action === "revoke" ? await lib.revokeKey(handle) : await lib.activateKey(handle);
          if (!record) throw new UsageError(`no key with id or prefix ${handle}`);
          if (opts.json) return printJson(describeKey(record));
          printRecord(describeKey(record));
        }),
      );
    examples(command, [`vinscope keys ${action} 3f9a1c2b7d10`]);
  }
}

function describeKey(record: DealerKeyRecord) {
  return {
    id: record.id,
    prefix: record.prefix,
    name: record.name,
    email: record.email,
    location: record.location,
    status: record.status,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    revokedAt: record.revokedAt?.toISOString() ?? null,
    accountId: record.accountId,
    graceUntil: record.graceUntil?.toISOString() ?? null,
  };
}
