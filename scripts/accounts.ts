/**
 * The operator's view of dealer accounts (issue 19).
 *   npm run accounts -- list
 *   npm run accounts -- partner <id|email> [--terms "<text>"]     grant the partner licence
 *   npm run accounts -- partner <id|email> --off                  withdraw it
 *   npm run accounts -- activate <id|email>                       paid without Stripe: account and keys active
 * Every command prints one JSON line. `list` shows plan, status, locations, live keys, today's VINs, and
 * `flagged` when any key of the account passed 10,000 VINs a day in the last 30 days.
 */
import { parseArgs } from "node:util";
import { findAccount, listAccounts, setAccountStatus, setPartner, type DealerAccountRecord } from "../lib/accounts/accounts";
import { syncQuantity } from "../lib/billing/stripe";
import { disconnectDb } from "../lib/db";
import { DAILY_VIN_FLAG_THRESHOLD } from "../lib/dealers/keys";

const USAGE = `usage:
  npm run accounts -- list
  npm run accounts -- partner <id|email> [--terms "<text>"] | --off
  npm run accounts -- activate <id|email>`;

class UsageError extends Error {}

function describe(a: DealerAccountRecord) {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    plan: a.partner ? "partner" : a.status === "trial" ? "trial" : "per_location",
    status: a.status,
    trialEndsAt: a.trialEndsAt?.toISOString() ?? null,
    partner: a.partner,
    stripeCustomer: a.stripeCustomerId,
    cancelAtPeriodEnd: a.cancelAtPeriodEnd,
    createdAt: a.createdAt.toISOString(),
  };
}

async function account(handle: string | undefined, command: string): Promise<DealerAccountRecord> {
  if (!handle) throw new UsageError(`${command} needs an account id or email`);
  const found = await findAccount(handle);
  if (!found) throw new UsageError(`no account with id or email ${handle}`);
  return found;
}

async function main(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  switch (command) {
    case "list":
      return {
        accounts: (await listAccounts(new Date(), DAILY_VIN_FLAG_THRESHOLD)).map((a) => ({
          ...describe(a),
          locations: a.locations,
          liveKeys: a.liveKeys,
          vinsToday: a.vinsToday,
          flagged: a.flagged,
        })),
      };
    case "partner": {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { terms: { type: "string" }, off: { type: "boolean" } },
      });
      const found = await account(positionals[0], command);
      const updated = await setPartner(found.id, !values.off, values.terms?.trim() || null);
      // A live subscription follows: quantity 1 under a partner licence, one per location without.
      const billing = await syncQuantity(updated);
      return { ...describe(updated), billing: billing === null ? "no subscription" : billing.ok ? { quantity: billing.value } : billing.message };
    }
    case "activate": {
      const found = await account(rest[0], command);
      await setAccountStatus(found.id, "active");
      return describe((await findAccount(found.id))!);
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
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
