/**
 * The web app's second hardening round, each case as it was found, against one built app:
 * - page posts Next.js cannot decode (multipart without a field name, cut short or over 1 MB, tampered
 *   `$ACTION_…` fields, a `Next-Action` call with a body of `[]`) answer 400/413, never 500;
 * - Stripe events arriving out of order cannot bring a cancelled account back;
 * - a stranger cannot use up a mailbox's sign-in links to lock its owner out;
 * - the sign-in form answers the same words, without waiting for the mail server, whether or not the account exists;
 * - a request body that stalls is answered 408 within REQUEST_DEADLINE_MS;
 * - X-Forwarded-Host counts in the cross-site check only from a trusted proxy;
 * - VIN pages count against the public per-address quota, with a 429 page for people.
 *
 * The test stands as a trusted proxy on 127.0.0.1 (X-Forwarded-For plays each case's client); requests from
 * 127.0.0.2 come from an untrusted peer.
 */
import http from "node:http";
import net from "node:net";
import { startApp, type TestApp } from "./support/app";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe";
import { findForm, readable } from "./support/html-form";
import { startSmtpCatcher, type SmtpCatcher } from "./support/smtp-catcher";

const VIN = "4T1G11AK7RU000001";
const KEY = /vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/;
/** The mail server takes this long to greet: a mail is delivered well after an answer that did not wait for it. */
const SMTP_DELAY_MS = 4000;
const DEADLINE_MS = 3000;

jest.setTimeout(120_000);

let app: TestApp;
let stripe: FakeStripe;
let smtp: SmtpCatcher;

beforeAll(async () => {
  stripe = await startFakeStripe();
  smtp = await startSmtpCatcher({ greetingDelayMs: SMTP_DELAY_MS });
  app = await startApp({
    env: {
      ...stripe.env,
      SMTP_URL: smtp.url,
      SIGNIN_ATTEMPTS_PER_HOUR: "6",
      TRUSTED_PROXIES: "127.0.0.1",
      RATE_LIMIT_REQUESTS: "5",
      RATE_LIMIT_WINDOW_SECONDS: "60",
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
      STICKER_PROVISION_DEADLINE_MS: "2000",
      SEED_DEMO_DATA: "true",
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.close();
  await smtp?.close();
});

/** A form of a page posted without JavaScript, as client `from` (X-Forwarded-For through the trusted proxy). */
async function postForm(
  path: string,
  fields: Record<string, string>,
  from: string,
  match: Record<string, string> = {},
) {
  const page = await (await fetch(`${app.url}${path}`, { headers: { "x-forwarded-for": from } })).text();
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...findForm(page, match).hidden, ...fields })) body.append(k, v);
  const started = performance.now();
  const res = await fetch(`${app.url}${path}`, {
    method: "POST",
    body,
    headers: { origin: app.url, "x-forwarded-for": from },
    redirect: "manual",
  });
  const text = await readable(res);
  return { status: res.status, text, ms: performance.now() - started };
}

const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  fetch(`${app.url}${path}`, { method: "POST", body, headers: { origin: app.url, ...headers } });

describe("page posts Next.js cannot decode answer 400 or 413, never 500", () => {
  const boundary = "----vinscope-test";
  const multipart = (parts: string) => ({
    body: parts,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });

  test.each([
    [
      "a part without a field name",
      400,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`,
    ],
    [
      "a body cut short (no closing boundary)",
      400,
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n--${boundary}`,
    ],
    [
      "a body over 1 MB",
      413,
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"x".repeat(1_100_000)}\r\n--${boundary}--\r\n`,
    ],
  ])("%s → %i", async (_what, status, parts) => {
    const { body, headers } = multipart(parts);
    expect((await post("/dealers", body, headers)).status).toBe(status);
  });

  test("tampered $ACTION_ fields of the no-JavaScript trial form → 400; the untouched form still works", async () => {
    const page = await (await fetch(`${app.url}/dealers`)).text();
    const { hidden } = findForm(page);
    const ref = Object.keys(hidden).find((k) => /^\$ACTION_\d+:1$/.test(k))!;
    for (const tampered of ["garbage", "{}", '"x"']) {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        ...hidden,
        [ref]: tampered,
        name: "A",
        email: "a@b.example",
        location: "X",
      }))
        body.append(k, v);
      expect((await post("/dealers", body, {})).status).toBe(400);
    }
    const fine = await postForm(
      "/dealers",
      { name: "Form Motors", email: "not an email", location: "Tulsa" },
      "198.51.100.7",
    );
    expect(fine.status).toBe(200);
    expect(fine.text).toContain("Form Motors");
  });

  test("a Next-Action call whose arguments are not the form ([], garbage, JSON) → 400", async () => {
    const page = await (await fetch(`${app.url}/dealers`)).text();
    const action = JSON.parse(Object.entries(findForm(page).hidden).find(([k]) => /^\$ACTION_\d+:0$/.test(k))![1])
      .id as string;
    for (const [type, body] of [
      ["text/plain;charset=UTF-8", "[]"],
      ["text/plain;charset=UTF-8", "not json"],
      ["text/plain;charset=UTF-8", '[{"status":"idle"},2]'],
    ]) {
      expect((await post("/dealers", body, { "next-action": action, "content-type": type })).status).toBe(400);
    }
    const form = new FormData();
    form.append("0", "[]");
    expect((await post("/dealers", form, { "next-action": action })).status).toBe(400);
  });
});

describe("Stripe events are applied in the order Stripe created them", () => {
  test("a late customer.subscription.updated or checkout.session.completed cannot reactivate a cancelled account", async () => {
    const signup = await postForm(
      "/dealers",
      { name: "Order Motors", email: "order@motors.example", location: "Austin" },
      "198.51.100.8",
    );
    const key = KEY.exec(signup.text)![0];
    const account = await app.db().dealerAccount.findFirstOrThrow({ where: { name: "Order Motors" } });
    const check = () =>
      fetch(`${app.url}/api/dealer/v1/window-sticker?vin=${VIN}&format=check`, { headers: { "x-api-key": key } });
    const webhook = async (event: Record<string, unknown>) => {
      const { body, signature } = stripe.signedEvent(event);
      const res = await fetch(`${app.url}/api/webhooks/stripe`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    const t0 = Math.floor(Date.now() / 1000) - 600;
    const subscription = (status: string) => ({
      id: "sub_order",
      object: "subscription",
      customer: "cus_order",
      status,
      cancel_at_period_end: false,
      metadata: { accountId: account.id },
      items: { data: [] },
    });

    await webhook({
      id: "evt_o1",
      created: t0,
      type: "customer.subscription.created",
      data: { object: subscription("active") },
    });
    expect((await check()).status).toBe(200);
    await webhook({
      id: "evt_o3",
      created: t0 + 300,
      type: "customer.subscription.deleted",
      data: { object: subscription("canceled") },
    });
    expect((await check()).status).toBe(401);

    // Created before the deletion, delivered after it (Stripe retries for days): ignored.
    const late = await webhook({
      id: "evt_o2",
      created: t0 + 100,
      type: "customer.subscription.updated",
      data: { object: subscription("active") },
    });
    expect(late).toEqual({ received: true, ignored: "created before an event already applied to the account" });
    const lateCheckout = await webhook({
      id: "evt_o0",
      created: t0 + 1,
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_order",
          object: "checkout.session",
          mode: "subscription",
          client_reference_id: account.id,
          customer: "cus_order",
          subscription: "sub_order",
        },
      },
    });
    expect(lateCheckout).toMatchObject({ ignored: "created before an event already applied to the account" });
    const refused = await check();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ reason: "subscription_inactive" });
    expect((await app.db().dealerAccount.findUniqueOrThrow({ where: { id: account.id } })).status).toBe("cancelled");
  });
});

describe("sign-in", () => {
  let owner: string;
  beforeAll(async () => {
    owner = "owner@signin.example";
    const signup = await postForm(
      "/dealers",
      { name: "Signin Motors", email: owner, location: "Tulsa" },
      "198.51.100.9",
    );
    expect(signup.text).toMatch(KEY);
  });
  const askLink = (email: string, from: string) => postForm("/dealers/sign-in", { email }, from);

  test("a stranger's requests cannot use up the owner's links: the quota is the requester's", async () => {
    const stranger = "203.0.113.66";
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askLink(owner, stranger));
    // The stranger runs out (3 links a mailbox per address and hour)…
    expect(answers.slice(0, 3).every((a) => a.text.includes("Check your mail"))).toBe(true);
    expect(answers[3].text).toContain("Too many sign-in attempts");
    // …the owner, from their own address, still gets a link.
    const mine = await askLink(owner, "192.0.2.10");
    expect(mine.text).toContain("Check your mail");
  });

  test("the same words without waiting for the mail server, for a known mailbox and an unknown one; also with the mail server down", async () => {
    const known = "timing@signin.example";
    expect(
      (await postForm("/dealers", { name: "Timing Motors", email: known, location: "Tulsa" }, "198.51.100.10")).text,
    ).toMatch(KEY);
    const sent = (text: string) =>
      /Check your mail[\s\S]*?a sign-in link is on its way/.exec(text)?.[0].replace(/\S+@\S+/g, "EMAIL");
    const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;
    const knownAnswer = await askLink(known, "192.0.2.20");
    // Had the answer waited for the mail, the mail would be in: the mail server greets only after SMTP_DELAY_MS.
    expect(mailsTo(known)).toBe(0);
    const unknownAnswer = await askLink("nobody@signin.example", "192.0.2.21");
    expect(sent(knownAnswer.text)).toBeDefined();
    expect(sent(knownAnswer.text)).toBe(sent(unknownAnswer.text));
    // The link is mailed all the same, after the answer.
    await smtp.waitFor(known, 30_000);

    await smtp.close(); // the mail server is down: connections refused
    const knownDown = await askLink(known, "192.0.2.22");
    const unknownDown = await askLink("nobody@signin.example", "192.0.2.23");
    expect(sent(knownDown.text)).toBeDefined();
    expect(sent(knownDown.text)).toBe(sent(unknownDown.text));
  });
});

describe("a stalled request body", () => {
  test("is answered 408 within REQUEST_DEADLINE_MS and its connection closed", async () => {
    const { port } = new URL(app.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    const started = Date.now();
    let answer = "";
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.write(
      `POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc":`,
    );
    await closed;
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"reason":"request_timeout"');
  });
});

describe("the cross-site check of form posts", () => {
  /** A page post from `localAddress` (127.0.0.2 is not a trusted proxy). */
  function postFrom(localAddress: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    const { port } = new URL(app.url);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          localAddress,
          method: "POST",
          path: "/dealers",
          headers: { "content-type": "text/plain", ...headers },
        },
        (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end("x");
    });
  }

  test("X-Forwarded-Host from an untrusted peer does not make another site's post same-site", async () => {
    const forged = await postFrom("127.0.0.2", { origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain("Cross-site form posts are refused");
    // From the trusted proxy, the host it forwards is the site's.
    const proxied = await postFrom("127.0.0.1", { origin: "https://cars.example", "x-forwarded-host": "cars.example" });
    expect(proxied.status).not.toBe(403);
  });
});

describe("VIN pages share the public per-address quota (5 a minute here)", () => {
  const page = (vin: string, from: string) => fetch(`${app.url}/vin/${vin}`, { headers: { "x-forwarded-for": from } });

  test("once the API answers 429, the pages do too, with a page for people", async () => {
    const from = "203.0.113.90";
    for (let i = 0; i < 5; i++)
      expect(
        (await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, { headers: { "x-forwarded-for": from } }))
          .status,
      ).toBe(200);
    expect(
      (await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, { headers: { "x-forwarded-for": from } })).status,
    ).toBe(429);
    const refused = await page("1HGCM82633A004352", from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toContain("text/html");
    const html = await refused.text();
    expect(html).toContain("Too many vehicle reports at once");
    expect(html).toMatch(/Please wait \d+ seconds?/);
    expect(html).toContain('href="/vin/1HGCM82633A004352"');
  });

  test("pages alone: five reports, then 429 for any VIN; another address is not affected", async () => {
    const from = "203.0.113.91";
    const vins = [
      "4T1G11AK7RU000001",
      "1HGCM82633A004352",
      "1B3BD1FG9BN510278",
      "4T1G11AK7RU000001",
      "1HGCM82633A004352",
    ];
    for (const vin of vins) expect((await page(vin, from)).status).toBe(200);
    expect((await page("1B3BD1FG9BN510278", from)).status).toBe(429);
    // Another address is not affected.
    expect((await page("1B3BD1FG9BN510278", "203.0.113.92")).status).toBe(200);
  });
});
