/**
 * Stripe's API on loopback, enough for billing: customers, Checkout sessions, portal sessions, subscriptions
 * (retrieve, update). The real `stripe` client is pointed at it (STRIPE_API_BASE), and webhook events are signed
 * exactly as Stripe signs them (stripe.webhooks.generateTestHeaderString).
 */
import Stripe from "stripe";
import { startFakeServer, type FakeServer } from "./fake-server";

const WEBHOOK_SECRET = "whsec_test_vinscope_0123456789abcdef";
const PRICE_ID = "price_test_location";

export interface FakeStripe {
  server: FakeServer;
  env: Record<string, string>;
  /** Form bodies of checkout session creations (to check quantity = locations). */
  checkouts: URLSearchParams[];
  subscriptions: Map<
    string,
    { id: string; status: string; quantity: number; customer: string; accountId: string; cancel_at_period_end: boolean }
  >;
  signedEvent(event: Record<string, unknown>, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const server = await startFakeServer();
  const checkouts: URLSearchParams[] = [];
  const subscriptions: FakeStripe["subscriptions"] = new Map();
  let n = 0;
  const next = (prefix: string) => `${prefix}_${++n}`;
  const sub = (id: string) => {
    const s = subscriptions.get(id);
    if (!s)
      return {
        status: 404,
        body: { error: { type: "invalid_request_error", message: `No such subscription: '${id}'` } },
      };
    return {
      body: {
        id: s.id,
        object: "subscription",
        status: s.status,
        customer: s.customer,
        cancel_at_period_end: s.cancel_at_period_end,
        metadata: { accountId: s.accountId },
        items: {
          object: "list",
          data: [
            { id: `si_${s.id}`, object: "subscription_item", quantity: s.quantity, current_period_end: 1_900_000_000 },
          ],
        },
      },
    };
  };
  server.on("POST", "/v1/customers", (req) => {
    const form = new URLSearchParams(req.body);
    return { body: { id: next("cus"), object: "customer", email: form.get("email"), name: form.get("name") } };
  });
  server.on("POST", "/v1/checkout/sessions", (req) => {
    const form = new URLSearchParams(req.body);
    checkouts.push(form);
    const id = next("cs");
    return {
      body: {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/${id}`,
        mode: "subscription",
        customer: form.get("customer"),
      },
    };
  });
  server.on("POST", "/v1/billing_portal/sessions", () => ({
    body: { id: next("bps"), object: "billing_portal.session", url: `https://billing.stripe.test/p/${n}` },
  }));
  server.on("GET", /^\/v1\/subscriptions\/[^/]+$/, (req) => sub(req.path.split("/").pop()!));
  server.on("POST", /^\/v1\/subscriptions\/[^/]+$/, (req) => {
    const id = req.path.split("/").pop()!;
    const s = subscriptions.get(id);
    const form = new URLSearchParams(req.body);
    if (s) {
      if (form.get("cancel_at_period_end")) s.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
      if (form.get("items[0][quantity]")) s.quantity = Number(form.get("items[0][quantity]"));
    }
    return sub(id);
  });
  const signer = new Stripe("sk_test_signer");
  return {
    server,
    checkouts,
    subscriptions,
    env: {
      STRIPE_SECRET_KEY: "sk_test_vinscope_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
      STRIPE_API_BASE: server.url,
      STRIPE_TIMEOUT_MS: "3000",
    },
    signedEvent(event, secret = WEBHOOK_SECRET) {
      const body = JSON.stringify({
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        ...event,
      });
      return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () => server.close(),
  };
}
