/**
 * Cancelling from the account page: a paid subscription ends with its period (Stripe is asked, the account keeps
 * its status); without one the account and its keys are cancelled at once. Billing's refusal is the answer.
 */
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { billingConfigured, cancelSubscription, startCheckout } from "./billing/stripe";
import { verifyKey } from "../dealers";
import { findAccount, startTrialAccount, type DealerAccountRecord } from "./accounts";
import { cancelAccount, subscribe } from "./subscription";

jest.mock("./billing/stripe", () => ({
  billingConfigured: jest.fn(),
  cancelSubscription: jest.fn(),
  startCheckout: jest.fn(),
}));

let temp: TempDb;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(() => temp.cleanup());
beforeEach(() => jest.resetAllMocks());

let dealers = 0;
async function trial(): Promise<{ account: DealerAccountRecord; key: string }> {
  dealers += 1;
  const outcome = await startTrialAccount({
    name: `Dealer ${dealers}`,
    email: `owner${dealers}@dealer.example`,
    location: "Austin, TX",
  });
  if (outcome.status !== "issued") throw new Error("trial not issued");
  return { account: outcome.account, key: outcome.issued.key };
}

describe("cancelAccount", () => {
  test("without a paid subscription the account is cancelled now and its keys are refused", async () => {
    const { account, key } = await trial();
    expect(await cancelAccount(account)).toEqual({ ok: true, ends: "now" });
    expect(cancelSubscription).not.toHaveBeenCalled();
    expect((await findAccount(account.id))?.status).toBe("cancelled");
    expect(await verifyKey(key)).toMatchObject({ ok: false });
  });

  test("a paid subscription is cancelled at the end of its period: Stripe is asked, the keys keep working", async () => {
    const { account, key } = await trial();
    const until = new Date("2026-12-31T00:00:00Z");
    jest.mocked(cancelSubscription).mockResolvedValue({ ok: true, value: until });
    const paid = { ...account, status: "active" as const, stripeSubscriptionId: "sub_1" };
    expect(await cancelAccount(paid)).toEqual({ ok: true, ends: "period_end", until });
    expect(cancelSubscription).toHaveBeenCalledWith(paid);
    expect((await findAccount(account.id))?.status).toBe("trial");
    expect(await verifyKey(key)).toMatchObject({ ok: true });
  });

  test("billing's refusal is the answer, and nothing changes", async () => {
    const { account } = await trial();
    jest.mocked(cancelSubscription).mockResolvedValue({ ok: false, message: "Billing could not be reached just now." });
    const paid = { ...account, status: "active" as const, stripeSubscriptionId: "sub_2" };
    expect(await cancelAccount(paid)).toEqual({ ok: false, message: "Billing could not be reached just now." });
    expect((await findAccount(account.id))?.status).toBe("trial");
  });

  test("an account already cancelled with a subscription on record is not sent to Stripe again", async () => {
    const { account } = await trial();
    const ended = { ...account, status: "cancelled" as const, stripeSubscriptionId: "sub_3" };
    expect(await cancelAccount(ended)).toEqual({ ok: true, ends: "now" });
    expect(cancelSubscription).not.toHaveBeenCalled();
  });
});

describe("subscribe", () => {
  test("without billing set up the dealer is told to ask the operator, and Stripe is not called", async () => {
    const { account } = await trial();
    jest.mocked(billingConfigured).mockReturnValue(false);
    expect(await subscribe(account)).toEqual({
      ok: false,
      message: "Billing is not set up on this server: ask the operator to activate your account.",
    });
    expect(startCheckout).not.toHaveBeenCalled();
  });

  test("with billing, the answer is Checkout's URL", async () => {
    const { account } = await trial();
    jest.mocked(billingConfigured).mockReturnValue(true);
    jest.mocked(startCheckout).mockResolvedValue({ ok: true, value: "https://checkout.example/s/1" });
    expect(await subscribe(account)).toEqual({ ok: true, value: "https://checkout.example/s/1" });
  });
});
