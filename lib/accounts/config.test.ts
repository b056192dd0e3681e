import { ConfigError, parseConfig } from "../config";

describe("accounts and billing configuration", () => {
  test("without mail or Stripe: links to the log, billing not set up, default limits", () => {
    const c = parseConfig({});
    expect(c.accounts).toMatchObject({
      smtpUrl: null,
      authSecret: null,
      rotationGraceHours: 24,
      signupsPerAddressPerDay: 5,
      magicLinkMinutes: 15,
    });
    expect(c.stripe).toBeNull();
  });

  test("Stripe needs all three of key, webhook secret and price, or none", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(ConfigError);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(
      /STRIPE_PRICE_ID/,
    );
    const c = parseConfig({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_ID: "price_x",
    });
    expect(c.stripe).toMatchObject({ secretKey: "sk_test_x", priceId: "price_x", apiBase: null });
  });

  test("SMTP_URL must be an smtp(s) URL; AUTH_SECRET must be long enough", () => {
    expect(() => parseConfig({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL/);
    expect(parseConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).accounts.smtpUrl).toBe(
      "smtps://u:p@mail.example.com:465",
    );
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });
});
