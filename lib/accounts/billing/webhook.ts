/**
 * Stripe's webhook (`POST /api/webhooks/stripe`): the signature is verified on the raw body
 * (STRIPE_WEBHOOK_SECRET, Stripe's own check, with its 5-minute tolerance), each event id is handled once (the
 * StripeEvent table: a replay changes nothing), and the account moves between
 *   trial → active (checkout completed, invoice paid) → past_due (invoice.payment_failed) → cancelled
 *   (customer.subscription.deleted).
 * Events about a subscription that is not the account's current one (an old, replaced subscription) are
 * recorded and ignored. Events are applied in the order Stripe created them, whatever order they arrive in
 * (Stripe retries a delivery for up to three days): one created before the newest event already applied to the
 * account is ignored, so a late `customer.subscription.updated` or `checkout.session.completed` cannot bring a
 * cancelled account back (DealerAccount.lastStripeEventAt).
 */
import type Stripe from "stripe";
import { setAccountStatus, type AccountStatus } from "../accounts";
import { config } from "../../config";
import { db } from "../../db";
import { log } from "../../log";
import { periodEnd, stripeClient } from "./stripe";

export type WebhookAnswer =
  | { status: 200; body: { received: true; duplicate?: boolean; ignored?: string } }
  | { status: 400; reason: "invalid_signature"; detail: string }
  | { status: 404; detail: string };

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const stripe = stripeClient();
  const settings = config().stripe;
  if (!stripe || !settings) return { status: 404, detail: "Billing is not set up on this server." };
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch (error) {
    log().warn(
      { reason: error instanceof Error ? error.message : String(error) },
      "stripe webhook refused: bad signature",
    );
    return {
      status: 400,
      reason: "invalid_signature",
      detail: "The Stripe-Signature header does not verify against this body.",
    };
  }
  try {
    await db().stripeEvent.create({ data: { id: event.id, type: event.type } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      log().info({ eventId: event.id, type: event.type }, "stripe webhook: event already handled");
      return { status: 200, body: { received: true, duplicate: true } };
    }
    throw error;
  }
  try {
    const ignored = await applyEvent(event);
    log().info({ eventId: event.id, type: event.type, ignored }, "stripe webhook handled");
    return { status: 200, body: ignored ? { received: true, ignored } : { received: true } };
  } catch (error) {
    // Not handled: forget the id so Stripe's retry gets a second chance.
    await db()
      .stripeEvent.delete({ where: { id: event.id } })
      .catch(() => undefined);
    throw error;
  }
}

type AccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["dealerAccount"]["findUnique"]>>>;

async function accountFor(refs: { accountId?: string | null; customer?: string | null }): Promise<AccountRow | null> {
  if (refs.accountId) {
    const row = await db().dealerAccount.findUnique({ where: { id: refs.accountId } });
    if (row) return row;
  }
  if (refs.customer) return db().dealerAccount.findUnique({ where: { stripeCustomerId: refs.customer } });
  return null;
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === "string" ? v : (v?.id ?? null);

function statusFromSubscription(status: Stripe.Subscription.Status): AccountStatus | null {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    default:
      return null; // incomplete, paused: wait for the next event
  }
}

const OUT_OF_ORDER = "created before an event already applied to the account";

type BillingFields = Parameters<typeof setAccountStatus>[2];

/** Applies one event; answers why it was ignored, or null. */
async function applyEvent(event: Stripe.Event): Promise<string | null> {
  const createdAt = new Date(event.created * 1000);
  const apply = async (accountId: string, status: AccountStatus, billing: BillingFields = {}) =>
    (await setAccountStatus(accountId, status, billing, {
      createdAt,
      subscriptionId: billing.stripeSubscriptionId ?? null,
    }))
      ? null
      : OUT_OF_ORDER;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return "not a subscription checkout";
      const account = await accountFor({ accountId: session.client_reference_id, customer: idOf(session.customer) });
      if (!account) return "no account";
      return apply(account.id, "active", {
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: idOf(session.subscription),
        cancelAtPeriodEnd: false,
      });
    }
    case "customer.subscription.created":
    case "customer.subscription.updated": {
      const sub = event.data.object;
      const account = await accountFor({ accountId: sub.metadata?.accountId, customer: idOf(sub.customer) });
      if (!account) return "no account";
      // A new subscription replaces a cancelled one (resubscribe); otherwise only the current one counts.
      if (account.stripeSubscriptionId && account.stripeSubscriptionId !== sub.id && account.status !== "cancelled") {
        return "not the account's current subscription";
      }
      const status = statusFromSubscription(sub.status);
      if (!status) return `subscription status ${sub.status}`;
      return apply(account.id, status, {
        stripeCustomerId: idOf(sub.customer),
        stripeSubscriptionId: sub.id,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: periodEnd(sub),
      });
    }
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const account = await accountFor({ accountId: sub.metadata?.accountId, customer: idOf(sub.customer) });
      if (!account) return "no account";
      if (account.stripeSubscriptionId !== sub.id) return "not the account's current subscription";
      return apply(account.id, "cancelled", { cancelAtPeriodEnd: false });
    }
    case "invoice.payment_failed":
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      const account = await accountFor({ customer: idOf(invoice.customer) });
      if (!account) return "no account";
      if (account.status === "cancelled") return "account cancelled";
      if (event.type === "invoice.payment_failed") return apply(account.id, "past_due");
      if (account.status === "past_due") return apply(account.id, "active");
      return "already in good standing";
    }
    default:
      return `event type ${event.type} not used`;
  }
}
