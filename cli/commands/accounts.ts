/**
 * `vinscope accounts …` (`npm run accounts -- …`): the operator's view of dealer accounts.
 *   list                                      plan, status, locations, live keys, today's VINs, flagged
 *   partner <id|email> [--terms "<text>"]     grant the partner licence (--off withdraws it)
 *   activate <id|email>                       paid without Stripe: account and keys active
 * `flagged`: any key of the account passed the daily VIN threshold in the last 30 days. With --json each
 * prints one JSON line.
 */
import type { Command } from "commander";
import type { DealerAccountRecord } from "../../lib/accounts/accounts";
import { examples } from "../help";
import { printJson, printRecord, printTable, UsageError, withDb } from "../output";

const accountsLib = () => import("../../lib/accounts/accounts");

export function registerAccounts(program: Command): void {
  const accounts = program.command("accounts").description("dealer accounts: list, partner licence, activate");
  examples(accounts, [
    "vinscope accounts list",
    'vinscope accounts partner ops@example.com --terms "Group licence, 12 rooftops"',
  ]);

  const list = accounts
    .command("list")
    .description("every account: plan, status, locations, live keys, VINs today, flagged")
    .option("--json", "one JSON line: { accounts: [...] }")
    .action((opts: { json?: boolean }) =>
      withDb(async () => {
        const { listAccounts } = await accountsLib();
        const { DAILY_VIN_FLAG_THRESHOLD } = await import("../../lib/dealers");
        const listed = (await listAccounts(new Date(), DAILY_VIN_FLAG_THRESHOLD)).map((a) => ({
          ...describe(a),
          locations: a.locations,
          liveKeys: a.liveKeys,
          vinsToday: a.vinsToday,
          flagged: a.flagged,
        }));
        if (opts.json) return printJson({ accounts: listed });
        if (!listed.length) return void process.stdout.write("no accounts\n");
        printTable(listed, [
          ["ID", (a) => a.id],
          ["EMAIL", (a) => a.email],
          ["NAME", (a) => a.name],
          ["PLAN", (a) => a.plan],
          ["STATUS", (a) => a.status],
          ["LOCATIONS", (a) => a.locations],
          ["LIVE KEYS", (a) => a.liveKeys],
          ["VINS TODAY", (a) => a.vinsToday],
          ["FLAGGED", (a) => (a.flagged ? "yes" : "")],
        ]);
      }),
    );
  examples(list, ["vinscope accounts list", "vinscope accounts list --json"]);

  const partner = accounts
    .command("partner")
    .description(
      "grant the partner licence (one subscription quantity whatever the locations), or withdraw it with --off",
    )
    .argument("<account>", "the account's id or email")
    .option("--terms <text>", "the licence terms to record")
    .option("--off", "withdraw the partner licence")
    .option("--json", "one JSON line")
    .action((handle: string, opts: { terms?: string; off?: boolean; json?: boolean }) =>
      withDb(async () => {
        if (opts.off && opts.terms !== undefined) throw new UsageError("--terms and --off cannot be combined");
        const { setPartner } = await accountsLib();
        const { syncQuantity } = await import("../../lib/accounts/billing/stripe");
        const found = await account(handle);
        const updated = await setPartner(found.id, !opts.off, opts.terms?.trim() || null);
        // A live subscription follows: quantity 1 under a partner licence, one per location without.
        const billing = await syncQuantity(updated);
        const out = {
          ...describe(updated),
          billing: billing === null ? "no subscription" : billing.ok ? { quantity: billing.value } : billing.message,
        };
        if (opts.json) return printJson(out);
        printRecord(out);
      }),
    );
  examples(partner, [
    'vinscope accounts partner ops@example.com --terms "Group licence for Lifecycle Group, 12 rooftops."',
    "vinscope accounts partner ops@example.com --off",
  ]);

  const activate = accounts
    .command("activate")
    .description("mark an account paid without Stripe: the account and its keys become active")
    .argument("<account>", "the account's id or email")
    .option("--json", "one JSON line")
    .action((handle: string, opts: { json?: boolean }) =>
      withDb(async () => {
        const { findAccount, setAccountStatus } = await accountsLib();
        const found = await account(handle);
        await setAccountStatus(found.id, "active");
        const out = describe((await findAccount(found.id))!);
        if (opts.json) return printJson(out);
        printRecord(out);
      }),
    );
  examples(activate, ["vinscope accounts activate ops@example.com"]);
}

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

async function account(handle: string): Promise<DealerAccountRecord> {
  const { findAccount } = await accountsLib();
  const found = await findAccount(handle);
  if (!found) throw new UsageError(`no account with id or email ${handle}`);
  return found;
}
