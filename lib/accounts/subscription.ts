/**
 * A dealer subscribes or cancels from the account page. A paid subscription is cancelled at the end of its
 * period (the keys work until then; Stripe's deletion webhook ends them, ./billing/webhook.ts); an account
 * without one (a trial, or billed by the operator) is cancelled at once.
 */
import { billingConfigured, cancelSubscription, startCheckout, type BillingResult } from "./billing/stripe";
import { setAccountStatus, type DealerAccountRecord } from "./accounts";

/** The Stripe Checkout URL to send the dealer to, or why there is none. */
export async function subscribe(account: DealerAccountRecord): Promise<BillingResult<string>> {
  if (!billingConfigured())
    return { ok: false, message: "Billing is not set up on this server: ask the operator to activate your account." };
  return startCheckout(account);
}

export type Cancellation =
  /** The subscription ends with its paid period (`until`, when Stripe said). */
  | { ok: true; ends: "period_end"; until: Date | null }
  /** No paid subscription: the account is cancelled and its keys refused from now on. */
  | { ok: true; ends: "now" }
  | { ok: false; message: string };

export async function cancelAccount(account: DealerAccountRecord): Promise<Cancellation> {
  if (account.stripeSubscriptionId && account.status !== "cancelled") {
    const cancelled = await cancelSubscription(account);
    return cancelled.ok ? { ok: true, ends: "period_end", until: cancelled.value } : cancelled;
  }
  await setAccountStatus(account.id, "cancelled");
  return { ok: true, ends: "now" };
}
