"use server";
/**
 * Every change a dealer makes on the account page. The wrapper (lib/http/server-action.ts) re-reads the session
 * on every post (a form post carries no authority of its own; Next.js refuses cross-site posts, proxy.ts answers
 * them 403) and answers a fault in the form's words; each intent here acts on that session's account only,
 * through lib/accounts, and answers a message. A new key is in the answer once and nowhere else.
 */
import { redirect } from "next/navigation";
import { issueLocationKey, revokeAccountKey, rotateKey, type DealerAccountRecord } from "@/lib/accounts/accounts";
import { addLocationAndSyncBilling, removeLocationAndSyncBilling } from "@/lib/accounts/billed-locations";
import { cancelAccount, subscribe } from "@/lib/accounts/subscription";
import { setDigest } from "@/lib/alerts/digest";
import { openBillingPortal } from "@/lib/accounts/billing/stripe";
import { config } from "@/lib/config";
import type { IssuedKey } from "@/lib/dealers";
import { dealerFormAction, type ActionContext } from "@/lib/http/server-action";

export type AccountActionState =
  | { status: "idle" }
  | { status: "done"; message: string; newKey?: { key: string; prefix: string; location: string | null } }
  | { status: "error"; message: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const done = (message: string, issued?: IssuedKey): AccountActionState => ({
  status: "done",
  message,
  ...(issued ? { newKey: { key: issued.key, prefix: issued.record.prefix, location: issued.record.location } } : {}),
});
const refused = (message: string): AccountActionState => ({ status: "error", message });

type Intent = (form: FormData, account: DealerAccountRecord, meta: ActionContext) => Promise<AccountActionState>;

const INTENTS: Record<string, Intent> = {
  async rotate(form, account, meta) {
    const { issued, graceUntil } = await rotateKey(account.id, text(form, "keyId"));
    meta.note({ keyPrefix: issued.record.prefix });
    const hours = config().accounts.rotationGraceHours;
    return done(
      `New key issued. The old key keeps working for ${hours} hours, until ${graceUntil.toUTCString()}; switch your systems over before then.`,
      issued,
    );
  },
  async revoke(form, account) {
    await revokeAccountKey(account.id, text(form, "keyId"));
    return done("Key revoked: it is refused from the next request on.");
  },
  async "issue-key"(form, account, meta) {
    const issued = await issueLocationKey(account.id, text(form, "locationId"));
    meta.note({ keyPrefix: issued.record.prefix });
    return done("New key issued for the location.", issued);
  },
  async "add-location"(form, account, meta) {
    const name = text(form, "name");
    if (name.length < 2 || name.length > 200) return refused("Enter the new rooftop's name (city and state).");
    const { issued, billingNotUpdated } = await addLocationAndSyncBilling(account, name);
    meta.note({ keyPrefix: issued.record.prefix });
    const billing = billingNotUpdated
      ? ` Billing was not updated yet (${billingNotUpdated}); it will be at the next change.`
      : "";
    return done(`Location added with its own key.${billing}`, issued);
  },
  async "remove-location"(form, account) {
    const { billingNotUpdated } = await removeLocationAndSyncBilling(account, text(form, "locationId"));
    return done(
      "Location removed and its key revoked." +
        (billingNotUpdated ? ` Billing was not updated yet (${billingNotUpdated}).` : ""),
    );
  },
  async subscribe(_form, account) {
    const checkout = await subscribe(account);
    if (!checkout.ok) return refused(checkout.message);
    redirect(checkout.value);
  },
  async "billing-portal"(_form, account) {
    const portal = await openBillingPortal(account);
    if (!portal.ok) return refused(portal.message);
    redirect(portal.value);
  },
  async cancel(_form, account, meta) {
    const cancelled = await cancelAccount(account);
    if (!cancelled.ok) return refused(cancelled.message);
    meta.note({ ends: cancelled.ends });
    if (cancelled.ends === "now")
      return done("Account cancelled: its keys are refused from now on. You can subscribe again any time.");
    const until = cancelled.until ? ` Your keys keep working until ${cancelled.until.toUTCString()}.` : "";
    return done(`Subscription cancelled at the end of the paid period.${until} You can resubscribe any time.`);
  },
  async "digest-on"(_form, account) {
    await setDigest(account.id, true);
    return done(`Daily recall digest on: new recalls for your watched VINs are mailed to ${account.email} once a day.`);
  },
  async "digest-off"(_form, account) {
    await setDigest(account.id, false);
    return done("Daily recall digest off.");
  },
};

export const accountAction = dealerFormAction<AccountActionState>(
  "account",
  {
    failed: {
      unavailable: "Our database is unavailable right now; nothing changed. Please try again in a minute.",
      otherwise: "Something went wrong on our side; nothing changed.",
      state: refused,
    },
    revalidate: "/dealers/account",
  },
  async (form, account, meta) => {
    const intent = text(form, "intent");
    const perform = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
    meta.note({ intent: perform ? intent : "unknown" });
    return perform ? perform(form, account, meta) : refused("Unknown action.");
  },
);
