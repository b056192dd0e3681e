/**
 * Adding and removing a rooftop: the location change stands whatever billing answers, and billing's words reach
 * the caller only when it could not follow.
 */
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { syncQuantity } from "./billing/stripe";
import { verifyKey } from "../dealers";
import { accountView, AccountError, startTrialAccount, type DealerAccountRecord } from "./accounts";
import { addLocationAndSyncBilling, removeLocationAndSyncBilling } from "./billed-locations";

jest.mock("./billing/stripe", () => ({ syncQuantity: jest.fn() }));

let temp: TempDb;
let account: DealerAccountRecord;
beforeAll(async () => {
  temp = createTempDb();
  const outcome = await startTrialAccount({
    name: "Main Street Motors",
    email: "gm@main.example",
    location: "Austin, TX",
  });
  if (outcome.status !== "issued") throw new Error("trial not issued");
  account = outcome.account;
});
afterAll(() => temp.cleanup());
beforeEach(() => jest.mocked(syncQuantity).mockReset());

const liveLocations = async () => (await accountView(account.id)).locations.map((l) => l.name);

test("a new location gets its own working key and the subscription's quantity follows", async () => {
  jest.mocked(syncQuantity).mockResolvedValue({ ok: true, value: 2 });
  const { issued, billingNotUpdated } = await addLocationAndSyncBilling(account, "Round Rock, TX");
  expect(billingNotUpdated).toBeNull();
  expect(issued.record.location).toBe("Round Rock, TX");
  expect(await verifyKey(issued.key)).toMatchObject({ ok: true });
  expect(syncQuantity).toHaveBeenCalledWith(account);
  expect(await liveLocations()).toEqual(expect.arrayContaining(["Austin, TX", "Round Rock, TX"]));
});

test("when billing cannot follow, the location stands and billing's words come back", async () => {
  jest.mocked(syncQuantity).mockResolvedValue({ ok: false, message: "Billing could not be reached just now." });
  const { issued, billingNotUpdated } = await addLocationAndSyncBilling(account, "Cedar Park, TX");
  expect(billingNotUpdated).toBe("Billing could not be reached just now.");
  expect(await verifyKey(issued.key)).toMatchObject({ ok: true });
});

test("removing a location revokes its key, then syncs billing (nothing to follow is no message)", async () => {
  jest.mocked(syncQuantity).mockResolvedValue({ ok: true, value: 1 });
  const { issued } = await addLocationAndSyncBilling(account, "Pflugerville, TX");
  const location = (await accountView(account.id)).locations.find((l) => l.name === "Pflugerville, TX")!;
  jest.mocked(syncQuantity).mockResolvedValue(null);
  expect(await removeLocationAndSyncBilling(account, location.id)).toEqual({ billingNotUpdated: null });
  expect(await verifyKey(issued.key)).toMatchObject({ ok: false });
  expect(await liveLocations()).not.toContain("Pflugerville, TX");
});

test("a refused change (an unknown location) never reaches billing", async () => {
  await expect(removeLocationAndSyncBilling(account, "no-such-location")).rejects.toBeInstanceOf(AccountError);
  expect(syncQuantity).not.toHaveBeenCalled();
});
