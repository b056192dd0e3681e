/**
 * Stripe billing: a per-location subscription (quantity = live locations; 1 for a partner
 * licence), Stripe Checkout to subscribe, the Customer Portal for cards and plans, cancellation at the end of the
 * paid period. Enabled by STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID; STRIPE_API_BASE points
 * the real client at another host (the tests' fake Stripe on loopback).
 *
 * Every call has a deadline (STRIPE_TIMEOUT_MS) and goes through the "stripe" breaker; a failure is an answer
 * ({ ok: false, message }), never an exception the page would show as a 500.
 */
import Stripe from "stripe";
import { activeLocationCount, type DealerAccountRecord } from "../accounts";
import { config } from "../../config";
import { db } from "../../db";
import { log } from "../../log";
import { breakerFor } from "../../outside";

export type BillingResult<T> = { ok: true; value: T } | { ok: false; message: string };

let client: { key: string; stripe: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const settings = config().stripe;
  if (!settings) return null;
  const cacheKey = `${settings.secretKey}|${settings.apiBase ?? ""}`;
  if (client?.key !== cacheKey) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    client = {
      key: cacheKey,
      stripe: new Stripe(settings.secretKey, {
        timeout: settings.timeoutMs,
        maxNetworkRetries: 1,
        telemetry: false,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === "https:" ? 443 : 80),
              protocol: base.protocol === "https:" ? "https" : "http",
            }
          : {}),
      }),
    };
  }
  return client.stripe;
}

export const billingConfigured = (): boolean => config().stripe !== null;

async function callStripe<T>(what: string, work: (stripe: Stripe) => Promise<T>): Promise<BillingResult<T>> {
  const stripe = stripeClient();
  if (!stripe) return { ok: false, message: "Billing is not set up on this server." };
  return breakerFor("stripe").run<BillingResult<T>>(
    async () => {
      try {
        return { ok: true, value: await work(stripe) };
      } catch (error) {
        const e = error as { type?: string; message?: string; statusCode?: number };
        log().error({ call: what, type: e.type, statusCode: e.statusCode, message: e.message }, "stripe call failed");
        return { ok: false, message: "Billing could not be reached just now. Please try again in a few minutes." };
      }
    },
    {
      failed: (r) => !r.ok,
      open: () => ({ ok: false, message: "Billing is temporarily unavailable. Please try again in a few minutes." }),
    },
  );
}

/** Quantity billed: one per live location, or one for a partner licence (billed by agreement). */
async function quantityFor(account: DealerAccountRecord): Promise<number> {
  return account.partner ? 1 : Math.max(1, await activeLocationCount(account.id));
}

async function ensureCustomer(stripe: Stripe, account: DealerAccountRecord): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const customer = await stripe.customers.create({
    email: account.email,
    name: account.name,
    metadata: { accountId: account.id },
  });
  await db().dealerAccount.update({ where: { id: account.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

/** A Checkout session for the subscription; the answer is the URL to send the dealer to. */
export async function startCheckout(account: DealerAccountRecord): Promise<BillingResult<string>> {
  const { publicBaseUrl } = config();
  const quantity = await quantityFor(account);
  return callStripe("checkout", async (stripe) => {
    const customer = await ensureCustomer(stripe, account);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: account.id,
      line_items: [{ price: config().stripe!.priceId, quantity }],
      subscription_data: { metadata: { accountId: account.id } },
      metadata: { accountId: account.id },
      success_url: `${publicBaseUrl}/dealers/account?billing=success`,
      cancel_url: `${publicBaseUrl}/dealers/account?billing=cancelled`,
    });
    if (!session.url) throw new Error("Checkout session without a URL");
    return session.url;
  });
}

/** The Customer Portal (cards, invoices, plan) for a dealer who has subscribed before. */
export async function openBillingPortal(account: DealerAccountRecord): Promise<BillingResult<string>> {
  if (!account.stripeCustomerId) return { ok: false, message: "Subscribe first: there is no billing record yet." };
  return callStripe("portal", async (stripe) => {
    const session = await stripe.billingPortal.sessions.create({
      customer: account.stripeCustomerId!,
      return_url: `${config().publicBaseUrl}/dealers/account`,
    });
    return session.url;
  });
}

/** Cancels at the end of the paid period (keys work until then; the webhook's deletion ends them). */
export async function cancelSubscription(account: DealerAccountRecord): Promise<BillingResult<Date | null>> {
  if (!account.stripeSubscriptionId) return { ok: false, message: "There is no subscription to cancel." };
  const result = await callStripe("cancel", (stripe) =>
    stripe.subscriptions.update(account.stripeSubscriptionId!, { cancel_at_period_end: true }),
  );
  if (!result.ok) return result;
  const end = periodEnd(result.value);
  await db().dealerAccount.update({
    where: { id: account.id },
    data: { cancelAtPeriodEnd: true, currentPeriodEnd: end },
  });
  return { ok: true, value: end };
}

/** After a location is added or removed: the subscription's quantity follows (prorated by Stripe). */
export async function syncQuantity(account: DealerAccountRecord): Promise<BillingResult<number> | null> {
  if (!account.stripeSubscriptionId || account.status === "cancelled" || !billingConfigured()) return null;
  const quantity = await quantityFor(account);
  return callStripe("quantity", async (stripe) => {
    const subscription = await stripe.subscriptions.retrieve(account.stripeSubscriptionId!);
    const item = subscription.items.data[0];
    if (!item) throw new Error("subscription without items");
    if (item.quantity !== quantity) {
      await stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, quantity }],
        proration_behavior: "create_prorations",
      });
    }
    return quantity;
  });
}

/** The end of the current period: on the item in current API versions, on the subscription in older ones. */
export function periodEnd(subscription: Stripe.Subscription): Date | null {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const seconds =
    item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}
