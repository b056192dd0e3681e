/**
 * Dealer accounts on a fresh machine with no mail server and no Stripe: the sign-in link goes to the
 * server log and the page says so; the account page says billing is not set up; the operator's CLI activation
 * still turns a trial into a paid account; the Stripe webhook answers 404; signing out ends the session.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { startApp, type TestApp } from "./support/app";
import { Browser, findForm, readable as text } from "./support/html-form";
import { vinscopeCommand } from "./support/vinscope-cli";

const run = promisify(execFile);
const root = path.resolve(__dirname, "..");
const KEY = /vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/;

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: "info", SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

test("without SMTP the link is logged and the page says so; without Stripe billing is not set up; the CLI activates", async () => {
  const b = new Browser(app.url);
  const signup = await b.submit("/dealers", findForm(await (await b.get("/dealers")).text()), {
    name: "Offline Motors",
    email: "owner@offline-motors.example",
    location: "Fargo, ND",
  });
  const key = KEY.exec(await text(signup))![0];

  const signInPage = await text(await b.get("/dealers/sign-in"));
  expect(signInPage).toContain("This server sends no mail (SMTP_URL is not set)");
  const sent = await text(
    await b.submit("/dealers/sign-in", findForm(signInPage), { email: "owner@offline-motors.example" }),
  );
  expect(sent).toContain("the link was written to the server's log instead");

  // The link is made and logged just after the answer (the answer never waits for the mail).
  const linkIn = () => /http:\/\/127\.0\.0\.1:\d+\/dealers\/sign-in\/confirm\?token=[A-Za-z0-9]+/.exec(app.output());
  for (const deadline = Date.now() + 15_000; !linkIn() && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 100));
  const link = linkIn();
  expect(link).not.toBeNull();
  const url = new URL(link![0]);
  const confirm = await text(await b.get(url.pathname + url.search));
  const signedIn = await b.submit(
    url.pathname + url.search,
    findForm(confirm, { token: url.searchParams.get("token")! }),
  );
  expect(signedIn.status).toBe(303);

  const account = await text(await b.get("/dealers/account"));
  expect(account).toContain("Billing is not set up on this server");
  expect(account).toContain("Free trial");
  expect(account).not.toContain("Subscribe");

  const webhook = await fetch(`${app.url}/api/webhooks/stripe`, {
    method: "POST",
    body: "{}",
    headers: { "stripe-signature": "t=1,v1=x" },
  });
  expect(webhook.status).toBe(404);

  // The trial ends: the key is refused on the next request, with a link to the account page; the page says so.
  const past = new Date(Date.now() - 1000);
  await app.db().dealerAccount.updateMany({ where: { name: "Offline Motors" }, data: { trialEndsAt: past } });
  await app.db().dealerKey.updateMany({ where: { prefix: key.slice(4, 16) }, data: { expiresAt: past } });
  const lapsed = await fetch(`${app.url}/api/dealer/v1/window-sticker?vin=JTDKARFU0J3512345&format=check`, {
    headers: { "x-api-key": key },
  });
  expect(lapsed.status).toBe(401);
  const problem = await lapsed.json();
  expect(problem).toMatchObject({ reason: "expired_key" });
  expect(problem.detail).toContain(`${app.url}/dealers/account`);
  expect(await text(await b.get("/dealers/account"))).toContain("Your trial has ended");

  // The operator's activation (no Stripe): the account and its key become paid.
  const env = { ...process.env, ...app.env };
  const activated = JSON.parse(
    (await run(...vinscopeCommand("keys", "activate", key.slice(4, 16), "--json"), { cwd: root, env })).stdout,
  );
  expect(activated).toMatchObject({ status: "active", expiresAt: null });
  expect(await text(await b.get("/dealers/account"))).toContain("Subscription, per location");
  expect(
    (
      await fetch(`${app.url}/api/dealer/v1/window-sticker?vin=JTDKARFU0J3512345&format=check`, {
        headers: { "x-api-key": key },
      })
    ).status,
  ).toBe(200);

  // Signing out ends the session on the server, not only in the browser.
  const cookie = b.cookies.get("vinscope.session_token")!;
  const signOutForm = findForm(await text(await b.get("/dealers/account")), {}, 0);
  const out = await b.submit("/dealers/account", signOutForm);
  expect(out.status).toBe(303);
  expect(await app.db().authSession.count()).toBe(0);
  const replayed = await fetch(`${app.url}/dealers/account`, {
    headers: { cookie: `vinscope.session_token=${cookie}` },
    redirect: "manual",
  });
  expect(replayed.headers.get("location")).toContain("/dealers/sign-in");
}, 60_000);
