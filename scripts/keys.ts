/**
 * Dealer key administration.
 *   npm run keys -- create --name <name> --email <email> [--location <rooftop>] [--days N | --active]
 *   npm run keys -- list          (usage today and the busiest of the last 30 days; `flagged` above DEALER_DAILY_VIN_FLAG)
 *   npm run keys -- revoke <id|prefix>
 *   npm run keys -- activate <id|prefix>
 * Every command prints one JSON line. `create` prints the key itself: the only time it is ever shown.
 */
import { parseArgs } from "node:util";
import { config } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { activateKey, issueKey, listKeys, revokeKey, TRIAL_DAYS, type DealerKeyRecord } from "../lib/dealers/keys";

const USAGE = `usage:
  npm run keys -- create --name <name> --email <email> [--location <rooftop>] [--days N | --active]
  npm run keys -- list
  npm run keys -- revoke <id|prefix>
  npm run keys -- activate <id|prefix>`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  switch (command) {
    case "create": {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: "string" },
          email: { type: "string" },
          location: { type: "string" },
          days: { type: "string" },
          active: { type: "boolean" },
        },
      });
      if (!values.name || !values.email) throw new UsageError("create needs --name and --email");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) throw new UsageError(`not an email address: ${values.email}`);
      let days: number | null = TRIAL_DAYS;
      if (values.active) days = null;
      else if (values.days !== undefined) {
        days = Number(values.days);
        if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError("--days must be a whole number from 1 to 3650");
      }
      const { key, record } = await issueKey({ name: values.name, email: values.email, location: values.location ?? null, days });
      return { key, ...describeKey(record) };
    }
    case "list":
      return {
        // A key is flagged when a day of the last 30 carried more VINs than this (DEALER_DAILY_VIN_FLAG, spec 8).
        dailyVinFlag: config().dealerDailyVinFlag,
        keys: (await listKeys()).map((k) => ({
          ...describeKey(k),
          lastActiveDay: k.lastActiveDay,
          today: k.today,
          peak: k.peak,
          flagged: k.flagged,
        })),
      };
    case "revoke":
    case "activate": {
      const handle = rest[0];
      if (!handle) throw new UsageError(`${command} needs an id or a prefix`);
      const record = command === "revoke" ? await revokeKey(handle) : await activateKey(handle);
      if (!record) throw new UsageError(`no key with id or prefix ${handle}`);
      return describeKey(record);
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
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

main(process.argv.slice(2))
  .then((out) => {
    process.stdout.write(`${JSON.stringify(out)}\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  })
  .finally(() => disconnectDb());
