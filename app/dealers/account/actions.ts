"use server";
/**
 * Every change a dealer makes on the account page. Each action re-reads the session (a form post carries no
 * authority of its own; Next.js refuses cross-site posts, proxy.ts answers them 403), acts on that session's
 * account only, and answers a message; a new key is in the answer once and nowhere else.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import {
  AccountError,
  addLocation,
  issueLocationKey,
  removeLocation,
  revokeAccountKey,
  rotateKey,
  setAccountStatus,
  type DealerAccountRecord,
} from "@/lib/accounts/accounts";
import { setDigest } from "@/lib/alerts/digest";
import { billingConfigured, cancelSubscription, openBillingPortal, startCheckout, syncQuantity } from "@/lib/billing/stripe";
import { config } from "@/lib/config";
import { databaseFault } from "@/lib/db/faults";
import { log } from "@/lib/log";
import { currentAccount } from "../session";

export type AccountActionState =
  | { status: "idle" }
  | { status: "done"; message: string; newKey?: { key: string; prefix: string; location: string | null } }
  | { status: "error"; message: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export async function accountAction(_previous: AccountActionState, form: FormData): Promise<AccountActionState> {
  const account = await currentAccount();
  if (!account) redirect("/dealers/sign-in");
  const intent = text(form, "intent");
  let redirectTo: string | null = null;
  let state: AccountActionState;
  try {
    const result = await perform(account, intent, form);
    if (typeof result === "string") redirectTo = result;
    state = typeof result === "string" ? { status: "idle" } : result;
  } catch (error) {
    if (error instanceof AccountError) state = { status: "error", message: error.message };
    else {
      const fault = databaseFault(error);
      log().error({ err: error, fault, intent, accountId: account.id }, "account action failed");
      state = {
        status: "error",
        message: fault ? "Our database is unavailable right now; nothing changed. Please try again in a minute." : "Something went wrong on our side; nothing changed.",
      };
    }
  }
  // Outside the try: redirect() works by throwing.
  if (redirectTo) redirect(redirectTo);
  revalidatePath("/dealers/account");
  return state;
}

/** The action's answer, or a URL to send the dealer to (Stripe Checkout or the portal). */
async function perform(account: DealerAccountRecord, intent: string, form: FormData): Promise<AccountActionState | string> {
  switch (intent) {
    case "rotate": {
      const { issued, graceUntil } = await rotateKey(account.id, text(form, "keyId"));
      log().info({ accountId: account.id, keyPrefix: issued.record.prefix }, "dealer key rotated");
      const hours = config().accounts.rotationGraceHours;
      return {
        status: "done",
        message: `New key issued. The old key keeps working for ${hours} hours, until ${graceUntil.toUTCString()}; switch your systems over before then.`,
        newKey: { key: issued.key, prefix: issued.record.prefix, location: issued.record.location },
      };
    }
    case "revoke": {
      await revokeAccountKey(account.id, text(form, "keyId"));
      log().info({ accountId: account.id }, "dealer key revoked by its owner");
      return { status: "done", message: "Key revoked: it is refused from the next request on." };
    }
    case "issue-key": {
      const issued = await issueLocationKey(account.id, text(form, "locationId"));
      log().info({ accountId: account.id, keyPrefix: issued.record.prefix }, "dealer key issued for a location");
      return {
        status: "done",
        message: "New key issued for the location.",
        newKey: { key: issued.key, prefix: issued.record.prefix, location: issued.record.location },
      };
    }
    case "add-location": {
      const name = text(form, "name");
      if (name.length < 2 || name.length > 200) return { status: "error", message: "Enter the new rooftop's name (city and state)." };
      const issued = await addLocation(account.id, name);
      const synced = await syncQuantity(account);
      return {
        status: "done",
        message:
          `Location added with its own key.` +
          (synced && !synced.ok ? ` Billing was not updated yet (${synced.message}); it will be at the next change.` : ""),
        newKey: { key: issued.key, prefix: issued.record.prefix, location: issued.record.location },
      };
    }
    case "remove-location": {
      await removeLocation(account.id, text(form, "locationId"));
      const synced = await syncQuantity(account);
      return {
        status: "done",
        message: "Location removed and its key revoked." + (synced && !synced.ok ? ` Billing was not updated yet (${synced.message}).` : ""),
      };
    }
    case "subscribe": {
      if (!billingConfigured()) return { status: "error", message: "Billing is not set up on this server: ask the operator to activate your account." };
      const checkout = await startCheckout(account);
      return checkout.ok ? checkout.value : { status: "error", message: checkout.message };
    }
    case "billing-portal": {
      const portal = await openBillingPortal(account);
      return portal.ok ? portal.value : { status: "error", message: portal.message };
    }
    case "cancel": {
      if (account.stripeSubscriptionId && account.status !== "cancelled") {
        const cancelled = await cancelSubscription(account);
        if (!cancelled.ok) return { status: "error", message: cancelled.message };
        const until = cancelled.value ? ` Your keys keep working until ${cancelled.value.toUTCString()}.` : "";
        return { status: "done", message: `Subscription cancelled at the end of the paid period.${until} You can resubscribe any time.` };
      }
      // No paid subscription (a trial, or billing handled by the operator): cancelling ends access now.
      await setAccountStatus(account.id, "cancelled");
      log().info({ accountId: account.id }, "dealer account cancelled by its owner");
      return { status: "done", message: "Account cancelled: its keys are refused from now on. You can subscribe again any time." };
    }
    case "digest-on":
    case "digest-off": {
      const on = intent === "digest-on";
      await setDigest(account.id, on);
      return {
        status: "done",
        message: on
          ? `Daily recall digest on: new recalls for your watched VINs are mailed to ${account.email} once a day.`
          : "Daily recall digest off.",
      };
    }
    default:
      return { status: "error", message: "Unknown action." };
  }
}
