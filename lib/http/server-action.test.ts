/**
 * formAction / dealerFormAction: a fault of ours is the form's message (the database's own words when it cannot
 * serve), an AccountError is the dealer's answer, Next's redirect passes through, and every action writes one
 * log line with its name, outcome and ms, and nothing the dealer typed.
 */
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { AccountError, type DealerAccountRecord } from "../accounts/accounts";
import { currentAccount } from "../accounts/session";
import { dealerFormAction, formAction, plainAction, type FailureAnswer } from "./server-action";

const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
jest.mock("../log", () => {
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
  const logger = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log: () => logger };
});
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));
jest.mock("../accounts/session", () => ({ currentAccount: jest.fn() }));

type State = { status: "idle" } | { status: "done"; n: number } | { status: "failed"; message: string; email: string };
const failed: FailureAnswer<State> = {
  unavailable: "Our database is unavailable right now; please try again in a minute.",
  otherwise: "Something went wrong on our side; please try again.",
  state: (message, form) => ({ status: "failed", message, email: String(form.get("email")) }),
};
const idle: State = { status: "idle" };
const form = (fields: Record<string, string> = { email: "pat@dealer.example" }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
/** A locked SQLite database, as better-sqlite3 reports it. */
const locked = () => Object.assign(new Error("database is locked"), { name: "SqliteError", code: "SQLITE_BUSY" });
const account = { id: "acct-1", email: "owner@dealer.example", name: "Main Street Motors" } as DealerAccountRecord;

beforeEach(() => {
  lines.length = 0;
  jest.mocked(revalidatePath).mockClear();
  jest.mocked(currentAccount).mockReset();
});

describe("formAction", () => {
  test("answers the handler's state and logs one line: name, outcome, ms and what the handler noted", async () => {
    const action = formAction<State>("countThings", { failed }, async (_form, meta) => {
      meta.note({ accountId: "acct-1" });
      return { status: "done", n: 3 };
    });
    expect(await action(idle, form())).toEqual({ status: "done", n: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "action",
      fields: { action: "countThings", outcome: "done", accountId: "acct-1" },
    });
    expect(typeof lines[0].fields.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("pat@dealer.example");
  });

  test("a database fault is the form's 'unavailable' message, logged as an error with its fault", async () => {
    const action = formAction<State>("saveThing", { failed }, async () => {
      throw locked();
    });
    expect(await action(idle, form())).toEqual({
      status: "failed",
      message: failed.unavailable,
      email: "pat@dealer.example",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "action failed",
      fields: { action: "saveThing", outcome: "failed", fault: "locked" },
    });
  });

  test("any other error is the form's other message, never the error's own words", async () => {
    const action = formAction<State>("saveThing", { failed }, async () => {
      throw new Error("SELECT secret FROM somewhere");
    });
    const state = await action(idle, form());
    expect(state).toEqual({ status: "failed", message: failed.otherwise, email: "pat@dealer.example" });
    expect(lines[0]).toMatchObject({ level: "error", fields: { outcome: "failed", fault: null } });
  });

  test("an AccountError is a refusal: its message is the answer, logged at info with its code", async () => {
    const action = formAction<State>("rotate", { failed }, async () => {
      throw new AccountError("revoked", "A revoked key cannot be rotated.");
    });
    expect(await action(idle, form())).toMatchObject({ status: "failed", message: "A revoked key cannot be rotated." });
    expect(lines[0]).toMatchObject({ level: "info", fields: { outcome: "failed", refused: "revoked" } });
  });

  test("a warning noted by the handler raises the line's level", async () => {
    const action = formAction<State>("limited", { failed }, async (_form, meta) => {
      meta.note({ retryAfterSeconds: 60 }, "warn");
      return idle;
    });
    await action(idle, form());
    expect(lines[0]).toMatchObject({ level: "warn", fields: { outcome: "idle", retryAfterSeconds: 60 } });
  });

  test("redirect() passes through the wrapper, logged as a redirect, and nothing is revalidated", async () => {
    const action = formAction<State>("go", { failed, revalidate: "/somewhere" }, async () =>
      redirect("/dealers/account"),
    );
    await expect(action(idle, form())).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    expect(lines[0]).toMatchObject({ level: "info", fields: { action: "go", outcome: "redirect" } });
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  test("without failure words an error is thrown on, and still logged once", async () => {
    const action = formAction<State>("bare", {}, async () => {
      throw locked();
    });
    await expect(action(idle, form())).rejects.toThrow("database is locked");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", fields: { action: "bare", outcome: "thrown", fault: "locked" } });
  });
});

describe("dealerFormAction", () => {
  test("without a session the dealer is sent to sign in and the handler never runs", async () => {
    jest.mocked(currentAccount).mockResolvedValue(null);
    const handler = jest.fn();
    const action = dealerFormAction<State>("account", { failed, revalidate: "/dealers/account" }, handler);
    await expect(action(idle, form())).rejects.toMatchObject({ digest: expect.stringContaining("/dealers/sign-in") });
    expect(handler).not.toHaveBeenCalled();
    expect(lines[0]).toMatchObject({ fields: { action: "account", outcome: "signed_out" } });
  });

  test("hands the session's account to the handler, logs its id (not its email) and revalidates the page", async () => {
    jest.mocked(currentAccount).mockResolvedValue(account);
    const action = dealerFormAction<State>(
      "account",
      { failed, revalidate: "/dealers/account" },
      async (_form, who) => ({
        status: "done",
        n: who.id.length,
      }),
    );
    expect(await action(idle, form())).toEqual({ status: "done", n: 6 });
    expect(revalidatePath).toHaveBeenCalledWith("/dealers/account");
    expect(lines[0]).toMatchObject({ fields: { action: "account", outcome: "done", accountId: "acct-1" } });
    expect(JSON.stringify(lines)).not.toContain("owner@dealer.example");
  });

  test("a fault in the handler is the form's message and the page is still revalidated", async () => {
    jest.mocked(currentAccount).mockResolvedValue(account);
    const action = dealerFormAction<State>("account", { failed, revalidate: "/dealers/account" }, async () => {
      throw locked();
    });
    expect(await action(idle, form())).toMatchObject({ status: "failed", message: failed.unavailable });
    expect(revalidatePath).toHaveBeenCalledWith("/dealers/account");
  });

  test("a fault reading the session is not the form's to answer: it fails the post as it fails the page", async () => {
    jest.mocked(currentAccount).mockRejectedValue(locked());
    const action = dealerFormAction<State>("account", { failed }, async () => idle);
    await expect(action(idle, form())).rejects.toThrow("database is locked");
    expect(lines[0]).toMatchObject({ level: "error", fields: { outcome: "thrown", fault: "locked" } });
  });
});

test("plainAction logs its line and throws on what it throws", async () => {
  await expect(plainAction("signOut", async () => redirect("/dealers/sign-in"))()).rejects.toMatchObject({
    digest: expect.any(String),
  });
  expect(lines[0]).toMatchObject({ fields: { action: "signOut", outcome: "redirect" } });
});
