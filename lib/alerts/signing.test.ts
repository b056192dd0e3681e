import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { newSigningSecret, sealSecret, signedHeaders, unsealSecret } from "./signing";

describe("Standard Webhooks signatures", () => {
  test("match the scheme's published test vector", () => {
    // standard-webhooks/standard-webhooks, libraries/javascript/src/index.test.ts.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const headers = signedHeaders("msg_p5jXN8AQM9LWM0D4loKWxJek", new Date(1614265330 * 1000), '{"test": 2432232314}', [
      secret,
    ]);
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  test("are HMAC-SHA256 of id.timestamp.body under the base64 key, and verify with the receivers' library", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "recall.opened", data: { vin: "1HGCM82633A004352" } });
    const at = new Date();
    const headers = signedHeaders("msg_1", at, body, [secret]);
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`msg_1.${headers["webhook-timestamp"]}.${body}`).digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("1HG", "2HG"), { ...headers })).toThrow();
  });

  test("after a rotation both secrets sign, so a receiver still on the old one verifies", () => {
    const [fresh, old] = [newSigningSecret(), newSigningSecret()];
    const headers = signedHeaders("msg_2", new Date(), "{}", [fresh, old]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(old).verify("{}", { ...headers })).not.toThrow();
    expect(() => new Webhook(fresh).verify("{}", { ...headers })).not.toThrow();
    expect(() => new Webhook(newSigningSecret()).verify("{}", { ...headers })).toThrow();
  });
});

describe("sealed secrets", () => {
  test("open with the same auth secret only", () => {
    const secret = newSigningSecret();
    const sealed = sealSecret(secret, "a".repeat(32));
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(unsealSecret(sealed, "a".repeat(32))).toBe(secret);
    expect(unsealSecret(sealed, "b".repeat(32))).toBeNull();
    expect(unsealSecret("garbage", "a".repeat(32))).toBeNull();
  });
});
