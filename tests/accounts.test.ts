/**
 * Dealer accounts end to end against the built app (with signup abuse control), driven as a browser without
 * JavaScript drives the pages (tests/support/html-form.ts), with a loopback SMTP server catching the sign-in
 * mail and a fake Stripe API the real `stripe` client is pointed at; webhooks are signed as Stripe signs them.
 *
 * trial → one trial per dealer → sign-in by the mailed link → rotate with grace → add a location → subscribe
 * (quantity = locations) → checkout.session.completed → invoice.payment_failed (past_due, warning header) →
 * replay (no change) → forged signature (400) → customer.subscription.deleted (401) → resubscribe → cancel.
 * Then the limits (signups per address, sign-in attempts), the cross-site post, the operator's view, and the
 * secrets: hashed at rest, absent from the logs.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { startApp, type TestApp } from "./support/app";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { Browser, findForm, readable as pageText } from "./support/html-form";
import { signInLinkIn, startSmtpCatcher, type SmtpCatcher } from "./support/smtp-catcher";
import { vinscopeCommand } from "./support/vinscope-cli";

const run = promisify(execFile);
const root = path.resolve(__dirname, "..");
const KEY = /vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/;
const TOYOTA_VIN = "JTDKARFU0J3512345";

let app: TestApp;
let smtp: SmtpCatcher;
let stripe: FakeStripe;
/** Every secret the test saw: none may appear in the app's output. */
const secrets: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  stripe = await startFakeStripe();
  app = await startApp({
    env: {
      ...stripe.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: "vinscope <accounts@vinscope.test>",
      LOG_LEVEL: "debug",
      SIGNUPS_PER_ADDRESS_PER_DAY: "4",
      SIGNIN_ATTEMPTS_PER_HOUR: "6",
      // The test stands as a trusted proxy on loopback: its X-Forwarded-For names the client (the limits test
      // plays several clients that way). Untrusted, the header is ignored (tests/rate-limits.test.ts).
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  await stripe?.close();
});

const check = (key: string) =>
  fetch(`${app.url}/api/dealer/v1/window-sticker?vin=${TOYOTA_VIN}&format=check`, { headers: { "x-api-key": key } });
const provision = (key: string) =>
  fetch(`${app.url}/api/dealer/v1/provision`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ vins: [TOYOTA_VIN, "1GCUYDED0NZ123456"] }),
  });

async function signUp(b: Browser, fields: Record<string, string>): Promise<string> {
  const page = await (await b.get("/dealers")).text();
  const res = await b.submit("/dealers", findForm(page), fields);
  expect(res.status).toBe(200);
  return pageText(res);
}

async function webhook(event: Record<string, unknown>, secret?: string) {
  const { body, signature } = stripe.signedEvent(event, secret);
  return fetch(`${app.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
}

async function account(b: Browser): Promise<string> {
  const res = await b.get("/dealers/account");
  expect(res.status).toBe(200);
  return pageText(res);
}

async function accountAction(b: Browser, match: Record<string, string>, fields: Record<string, string> = {}) {
  return b.submit("/dealers/account", findForm(await account(b), match), fields);
}

const EMAIL = "Pat.Dealer+trial@Gmail.com";
let dealer: Browser;
let firstKey = "";
let rotatedKey = "";
let accountId = "";

describe("the dealer lifecycle", () => {
  beforeAll(() => {
    dealer = new Browser(app.url);
  });

  test("the trial signup creates an account and shows its key once; the key works", async () => {
    const html = await signUp(dealer, { name: "Lifecycle Motors", email: EMAIL, location: "Tulsa, OK" });
    firstKey = KEY.exec(html)![0];
    secrets.push(firstKey);
    expect(html).toContain("This is the only time the key is shown.");
    expect((await check(firstKey)).status).toBe(200);
    expect((await provision(firstKey)).status).toBe(200);
    const row = await app.db().dealerAccount.findFirstOrThrow({ where: { name: "Lifecycle Motors" } });
    accountId = row.id;
    expect(row).toMatchObject({ status: "trial", emailKey: "patdealer@gmail.com" });
  });

  test("a second trial for the same mailbox issues nothing and says how to get back in, revealing nothing else", async () => {
    const keysBefore = await app.db().dealerKey.count();
    const html = await signUp(new Browser(app.url), {
      name: "Someone Else",
      email: "patdealer@googlemail.com",
      location: "Elsewhere, TX",
    });
    expect(html).toContain("No new trial: one already exists for patdealer@googlemail.com");
    // A refusal looks like one: the warning notice, not the green of an issued key.
    expect(html).toMatch(/<section class="notice notice-warn" data-testid="trial-exists"/);
    expect(html).toContain("/dealers/sign-in");
    expect(html).toMatch(/rotate the key/);
    expect(html).not.toMatch(KEY);
    expect(html).not.toContain("Lifecycle Motors");
    expect(html).not.toContain("Tulsa");
    expect(await app.db().dealerKey.count()).toBe(keysBefore);
  });

  test("sign-in by the link mailed through SMTP; the link works once; the session is a secure cookie", async () => {
    expect((await dealer.get("/dealers/account")).headers.get("location")).toContain("/dealers/sign-in");
    const page = await (await dealer.get("/dealers/sign-in")).text();
    expect(page).not.toContain("SMTP_URL is not set");
    const asked = await dealer.submit("/dealers/sign-in", findForm(page), { email: "PATDEALER@gmail.com" });
    expect(await pageText(asked)).toContain("Check your mail");
    const mail = await smtp.waitFor("pat.dealer+trial@gmail.com");
    expect(mail.from).toBe("accounts@vinscope.test");
    const link = signInLinkIn(mail);
    const token = new URL(link).searchParams.get("token")!;
    secrets.push(token);

    const url = new URL(link);
    const confirmPage = await (await dealer.get(url.pathname + url.search)).text();
    const confirmed = await dealer.submit(url.pathname + url.search, findForm(confirmPage, { token }));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/dealers/account");
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("vinscope.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const sessionToken = decodeURIComponent(dealer.cookies.get("vinscope.session_token")!).split(".")[0];
    secrets.push(sessionToken);

    // Hashed at rest: neither the session token nor the link's token is in the database.
    const sessions = await app.db().authSession.findMany();
    expect(sessions.length).toBe(1);
    expect(sessions[0].token).not.toBe(sessionToken);
    expect(sessions[0].token).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
    const verifications = await app.db().authVerification.findMany();
    expect(verifications.every((v) => !v.identifier.includes(token))).toBe(true);

    const html = await account(dealer);
    expect(html).toContain("Lifecycle Motors");
    expect(html).toContain("Free trial");
    expect(html).toMatch(/trial ends/);
    expect(html).toContain(`vsk_${firstKey.slice(4, 16)}_`);
    expect(html).toContain("usage-chart");
    expect(html).toMatch(/VINs checked: 3 in 30 days/);
    expect(html).toMatch(/Provision calls: 1 in 30 days/);

    // The same link again: refused.
    const stranger = new Browser(app.url);
    const again = await stranger.submit(url.pathname + url.search, findForm(confirmPage, { token }));
    expect(await pageText(again)).toContain("expired or was already used");
    expect(stranger.cookies.has("vinscope.session_token")).toBe(false);
  });

  test("rotate: a new key shown once, the old one works through the stated grace period, then not", async () => {
    const keyId = (await app.db().dealerKey.findFirstOrThrow({ where: { accountId, prefix: firstKey.slice(4, 16) } }))
      .id;
    const res = await accountAction(dealer, { intent: "rotate", keyId });
    const html = await pageText(res);
    rotatedKey = KEY.exec(html)![0];
    secrets.push(rotatedKey);
    expect(rotatedKey).not.toBe(firstKey);
    expect(html).toContain("The old key keeps working for 24 hours");
    expect((await check(rotatedKey)).status).toBe(200);
    expect((await check(firstKey)).status).toBe(200);
    expect(await account(dealer)).toContain("rotated: works until");
    // The grace period passes.
    await app.db().dealerKey.update({ where: { id: keyId }, data: { graceUntil: new Date(Date.now() - 1000) } });
    const after = await check(firstKey);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ reason: "revoked_key" });
    expect((await check(rotatedKey)).status).toBe(200);
  });

  test("revoke a key: refused at once; the location can be given a new key", async () => {
    const fresh = await pageText(await accountAction(dealer, { intent: "add-location" }, { name: "Sand Springs, OK" }));
    const spare = KEY.exec(fresh)![0];
    secrets.push(spare);
    const loc = await app.db().dealerLocation.findFirstOrThrow({ where: { accountId, name: "Sand Springs, OK" } });
    const keyId = (await app.db().dealerKey.findFirstOrThrow({ where: { locationId: loc.id } })).id;
    expect(await pageText(await accountAction(dealer, { intent: "revoke", keyId }))).toContain("Key revoked");
    const refused = await check(spare);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ reason: "revoked_key" });
    const reissued = await pageText(await accountAction(dealer, { intent: "issue-key", locationId: loc.id }));
    const replacement = KEY.exec(reissued)![0];
    secrets.push(replacement);
    expect((await check(replacement)).status).toBe(200);
    // Back to two locations for what follows.
    expect(await pageText(await accountAction(dealer, { intent: "remove-location", locationId: loc.id }))).toContain(
      "Location removed",
    );
    expect((await check(replacement)).status).toBe(401);
  });

  test("add a location (its own key), subscribe: Checkout with quantity = locations", async () => {
    const added = await pageText(await accountAction(dealer, { intent: "add-location" }, { name: "Broken Arrow, OK" }));
    const secondKey = KEY.exec(added)![0];
    secrets.push(secondKey);
    expect((await check(secondKey)).status).toBe(200);
    expect(await account(dealer)).toContain("Broken Arrow, OK");

    const res = await accountAction(dealer, { intent: "subscribe" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_/);
    const sent = stripe.checkouts.at(-1)!;
    expect(sent.get("line_items[0][quantity]")).toBe("2");
    expect(sent.get("line_items[0][price]")).toBe("price_test_location");
    expect(sent.get("client_reference_id")).toBe(accountId);
    expect(sent.get("mode")).toBe("subscription");
  });

  const customer = () =>
    app
      .db()
      .dealerAccount.findUniqueOrThrow({ where: { id: accountId } })
      .then((a) => a.stripeCustomerId!);
  const completed = async (id: string, sub: string) => ({
    id,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_${id}`,
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: accountId,
        customer: await customer(),
        subscription: sub,
      },
    },
  });

  test("checkout.session.completed → active: keys keep working without a warning", async () => {
    stripe.subscriptions.set("sub_1", {
      id: "sub_1",
      status: "active",
      quantity: 2,
      customer: await customer(),
      accountId,
      cancel_at_period_end: false,
    });
    const res = await webhook(await completed("evt_checkout_1", "sub_1"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const ok = await check(rotatedKey);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-account-warning")).toBeNull();
    expect(await account(dealer)).toContain("Subscription, per location");
    const key = await app.db().dealerKey.findFirstOrThrow({ where: { accountId, prefix: rotatedKey.slice(4, 16) } });
    expect(key).toMatchObject({ status: "active", expiresAt: null });
  });

  test("invoice.payment_failed → past_due: the key still works, with a warning header; the page warns", async () => {
    const res = await webhook({
      id: "evt_failed_1",
      type: "invoice.payment_failed",
      data: { object: { id: "in_1", object: "invoice", customer: await customer() } },
    });
    expect(res.status).toBe(200);
    const answer = await check(rotatedKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-account-warning")).toMatch(/^past_due; payment failed/);
    expect(await account(dealer)).toContain("Your last payment failed");
  });

  test("a replayed event changes nothing; a forged or missing signature gets 400", async () => {
    const replay = await webhook(await completed("evt_checkout_1", "sub_1"));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await app.db().dealerAccount.findUniqueOrThrow({ where: { id: accountId } })).status).toBe("past_due");

    const forged = await webhook(
      {
        id: "evt_forged",
        type: "customer.subscription.deleted",
        data: {
          object: {
            id: "sub_1",
            object: "subscription",
            customer: await customer(),
            status: "canceled",
            metadata: { accountId },
          },
        },
      },
      "whsec_not_the_real_secret",
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ reason: "invalid_signature" });
    const unsigned = await fetch(`${app.url}/api/webhooks/stripe`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect((await check(rotatedKey)).status).toBe(200);
  });

  test("customer.subscription.deleted → 401 subscription_inactive with a link to resubscribe", async () => {
    const res = await webhook({
      id: "evt_deleted_1",
      type: "customer.subscription.deleted",
      data: {
        object: {
          id: "sub_1",
          object: "subscription",
          customer: await customer(),
          status: "canceled",
          cancel_at_period_end: false,
          metadata: { accountId },
          items: { data: [] },
        },
      },
    });
    expect(res.status).toBe(200);
    const refused = await check(rotatedKey);
    expect(refused.status).toBe(401);
    const body = await refused.json();
    expect(body).toMatchObject({ reason: "subscription_inactive" });
    expect(body.detail).toContain(`${app.url}/dealers/account`);
    const html = await account(dealer);
    expect(html).toContain("subscription has ended");
    expect(html).toContain("Resubscribe");
  });

  test("resubscribe → active again; cancel from the page ends at the period's end", async () => {
    const res = await accountAction(dealer, { intent: "subscribe" });
    expect(res.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    stripe.subscriptions.set("sub_2", {
      id: "sub_2",
      status: "active",
      quantity: 2,
      customer: await customer(),
      accountId,
      cancel_at_period_end: false,
    });
    expect((await webhook(await completed("evt_checkout_2", "sub_2"))).status).toBe(200);
    expect((await check(rotatedKey)).status).toBe(200);
    // A late event about the old subscription changes nothing.
    const late = await webhook({
      id: "evt_late_old_sub",
      type: "customer.subscription.deleted",
      data: {
        object: {
          id: "sub_1",
          object: "subscription",
          customer: await customer(),
          status: "canceled",
          metadata: { accountId },
          items: { data: [] },
        },
      },
    });
    expect(await late.json()).toMatchObject({ ignored: "not the account's current subscription" });
    expect((await check(rotatedKey)).status).toBe(200);

    const portal = await accountAction(dealer, { intent: "billing-portal" });
    expect(portal.headers.get("location")).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const cancelled = await pageText(await accountAction(dealer, { intent: "cancel" }));
    expect(cancelled).toContain("Subscription cancelled at the end of the paid period");
    expect(stripe.subscriptions.get("sub_2")!.cancel_at_period_end).toBe(true);
    expect((await check(rotatedKey)).status).toBe(200);
  });

  test("removing a location revokes its key and lowers the subscription's quantity", async () => {
    const loc = await app.db().dealerLocation.findFirstOrThrow({ where: { accountId, name: "Broken Arrow, OK" } });
    const html = await pageText(await accountAction(dealer, { intent: "remove-location", locationId: loc.id }));
    expect(html).toContain("Location removed and its key revoked.");
    expect(stripe.subscriptions.get("sub_2")!.quantity).toBe(1);
    expect(await account(dealer)).not.toContain("Broken Arrow, OK");
  });

  test("the operator sees accounts, grants a partner licence, and the page shows its terms", async () => {
    const env = { ...process.env, ...app.env };
    const listed = JSON.parse(
      (
        await run(...vinscopeCommand("accounts", "list", "--json"), {
          cwd: root,
          env,
        })
      ).stdout,
    );
    expect(listed.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: accountId,
          plan: "per_location",
          status: "active",
          locations: 1,
          flagged: false,
        }),
      ]),
    );
    const granted = JSON.parse(
      (
        await run(
          ...vinscopeCommand(
            "accounts",
            "partner",
            "patdealer@gmail.com",
            "--terms",
            "Group licence for Lifecycle Group, 12 rooftops.",
            "--json",
          ),
          { cwd: root, env },
        )
      ).stdout,
    );
    expect(granted).toMatchObject({ partner: true, plan: "partner", billing: { quantity: 1 } });
    const html = await account(dealer);
    expect(html).toContain("Partner licence");
    expect(html).toContain("Group licence for Lifecycle Group, 12 rooftops.");
    expect((await check(rotatedKey)).status).toBe(200);
  }, 60_000);
});

describe("limits", () => {
  test("trial signups per address are limited (SIGNUPS_PER_ADDRESS_PER_DAY)", async () => {
    const b = new Browser(app.url);
    const page = await (await b.get("/dealers")).text();
    const submit = (i: number) =>
      fetch(`${app.url}/dealers`, {
        method: "POST",
        headers: { origin: app.url, "x-forwarded-for": "203.0.113.77" },
        body: (() => {
          const f = new FormData();
          for (const [k, v] of Object.entries({
            ...findForm(page).hidden,
            name: `Limit Motors ${i}`,
            email: `limit${i}@motors.example`,
            location: "Austin, TX",
          }))
            f.append(k, v);
          return f;
        })(),
      }).then(pageText);
    for (let i = 0; i < 4; i++) expect(await submit(i)).toMatch(KEY);
    const fifth = await submit(4);
    expect(fifth).toContain("Too many trial signups from your network today");
    expect(fifth).not.toMatch(KEY);
  });

  test("the signup limit is shared by two instances on one database", async () => {
    const second = await startApp({
      env: {
        ...stripe.env,
        SMTP_URL: smtp.url,
        SIGNUPS_PER_ADDRESS_PER_DAY: "4",
        TRUSTED_PROXIES: "127.0.0.1",
        DATABASE_URL: app.database.url,
      },
    });
    try {
      const signupAt = async (base: string, i: number) => {
        const b = new Browser(base);
        const page = await (await b.get("/dealers")).text();
        const f = new FormData();
        for (const [k, v] of Object.entries({
          ...findForm(page).hidden,
          name: `Shared Motors ${i}`,
          email: `shared${i}@motors.example`,
          location: "Reno, NV",
        }))
          f.append(k, v);
        return fetch(`${base}/dealers`, {
          method: "POST",
          headers: { origin: base, "x-forwarded-for": "192.0.2.44" },
          body: f,
        }).then(pageText);
      };
      expect(await signupAt(app.url, 0)).toMatch(KEY);
      expect(await signupAt(second.url, 1)).toMatch(KEY);
      expect(await signupAt(app.url, 2)).toMatch(KEY);
      expect(await signupAt(second.url, 3)).toMatch(KEY);
      expect(await signupAt(second.url, 4)).toContain("Too many trial signups from your network today");
      expect(await signupAt(app.url, 5)).toContain("Too many trial signups from your network today");
    } finally {
      await second.stop();
    }
  }, 90_000);

  test("sign-in attempts are limited per address, and answer alike for unknown addresses", async () => {
    const b = new Browser(app.url);
    const page = await (await b.get("/dealers/sign-in")).text();
    const ask = (email: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...findForm(page).hidden, email })) f.append(k, v);
      return fetch(`${app.url}/dealers/sign-in`, {
        method: "POST",
        headers: { origin: app.url, "x-forwarded-for": "198.51.100.23" },
        body: f,
      }).then(pageText);
    };
    const mailsBefore = smtp.mails.length;
    for (let i = 0; i < 6; i++) expect(await ask(`nobody${i}@nowhere.example`)).toContain("Check your mail");
    expect(await ask("nobody@nowhere.example")).toContain("Too many sign-in attempts");
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  test("sign-in links per mailbox are limited per asking address, so no address can use up the owner's", async () => {
    const b = new Browser(app.url);
    const page = await (await b.get("/dealers/sign-in")).text();
    const ask = (from: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...findForm(page).hidden, email: "Pat.Dealer@gmail.com" })) f.append(k, v);
      return fetch(`${app.url}/dealers/sign-in`, {
        method: "POST",
        headers: { origin: app.url, "x-forwarded-for": from },
        body: f,
      }).then(pageText);
    };
    // SIGNIN_ATTEMPTS_PER_HOUR is 6 here: one address gets 3 links an hour for a mailbox…
    for (let i = 0; i < 3; i++) expect(await ask("198.51.100.101")).toContain("Check your mail");
    expect(await ask("198.51.100.101")).toContain("Too many sign-in attempts");
    // …and that leaves the mailbox's owner, asking from elsewhere, theirs.
    expect(await ask("198.51.100.102")).toContain("Check your mail");
  });

  test("a cross-site form post gets 403, not 500", async () => {
    const page = await (await dealer.get("/dealers")).text();
    const res = await dealer.submit(
      "/dealers",
      findForm(page),
      { name: "Evil", email: "e@evil.example", location: "Nowhere, NA" },
      "https://evil.example",
    );
    expect(res.status).toBe(403);
    const acct = await dealer.submit(
      "/dealers/account",
      findForm(await account(dealer), { intent: "add-location" }),
      { name: "Evil rooftop" },
      "https://evil.example",
    );
    expect(acct.status).toBe(403);
  });
});

describe("secrets", () => {
  test("no key, sign-in token or session token appears in the logs", () => {
    const output = app.output();
    expect(output.length).toBeGreaterThan(1000);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/);
    expect(output).not.toMatch(/confirm\?token=/);
  });
});
