/**
 * The one wrapper every server action goes through, as route() (./route.ts) is for route handlers: the dealer's
 * session when the action needs one, a fault of ours turned into the form's message, and one structured log
 * line per action (its name, outcome and ms).
 *
 *   export const startTrial = formAction("startTrial", { failed }, async (form, meta) => …state);
 *   export const accountAction = dealerFormAction("account", { failed, revalidate }, async (form, account, meta) => …);
 *
 * A fault is answered in the form's own words: one message when the database cannot serve (lib/db/faults.ts:
 * nothing was saved, try again in a minute), another for anything else; never the error's own text. An
 * AccountError is a refusal meant for the dealer: its message is the answer. Next.js's own control flow
 * (redirect(), notFound()) passes through untouched.
 *
 * The log line carries what the handler notes (an account id, a key prefix), never a key or an email.
 */
import { revalidatePath } from "next/cache";
import { redirect, unstable_rethrow } from "next/navigation";
import { AccountError, type DealerAccountRecord } from "../accounts/accounts";
import { noteDatabaseError } from "../db/faults";
import { log } from "../log";
import { currentAccount } from "../accounts/session";

/** Where a form action without a session sends the dealer. */
const SIGN_IN_PATH = "/dealers/sign-in";

export interface ActionContext {
  /**
   * Adds fields to the action's log line: ids, key prefixes, counts; never a key, a token or an email. A level
   * raises the line's (a refusal worth watching is "warn", an error the form answers anyway is "error").
   */
  note(fields: Record<string, unknown>, level?: "warn" | "error"): void;
}

/** How a form states a failure of ours, in its own words. */
export interface FailureAnswer<S> {
  /** The message when the database cannot serve (unreachable, locked, read-only…): try again shortly. */
  unavailable: string;
  /** The message for any other fault of ours (a bug, an outside system's surprise). */
  otherwise: string;
  /** The form's state carrying a message: one of the two above, or an AccountError's. */
  state(message: string, form: FormData): S;
}

export interface FormActionOptions<S> {
  /** Without it an error is not the form's to answer: it is logged and thrown on (Next.js's error page). */
  failed?: FailureAnswer<S>;
  /** A path whose rendering the answer refreshes (revalidatePath), unless the action redirected. */
  revalidate?: string;
}

/** A form action as useActionState calls it. */
export type FormAction<S> = (previous: S, form: FormData) => Promise<S>;

/** The outcome logged: the state's `status` when it has one. */
const outcomeOf = (state: unknown): string =>
  typeof state === "object" && state !== null && typeof (state as { status?: unknown }).status === "string"
    ? (state as { status: string }).status
    : "done";

/** True for Next.js's control flow (a redirect, notFound, a dynamic bail-out): never a fault of ours. */
function isNextControlFlow(error: unknown): boolean {
  try {
    unstable_rethrow(error);
    return false;
  } catch {
    return true;
  }
}

const isRedirect = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  String((error as { digest?: unknown }).digest ?? "").startsWith("NEXT_REDIRECT");

type Level = "info" | "warn" | "error";
const SEVERITY: Record<Level, number> = { info: 0, warn: 1, error: 2 };

/** Runs `work` with the action's log line: written once, however the work ends. */
async function logged<T>(name: string, work: (line: ActionLine) => Promise<T>): Promise<T> {
  const started = performance.now();
  const line = new ActionLine();
  try {
    const result = await work(line);
    line.outcome ??= outcomeOf(result);
    return result;
  } catch (error) {
    if (isNextControlFlow(error)) line.outcome ??= isRedirect(error) ? "redirect" : "next";
    else {
      line.outcome = "thrown";
      line.fail(error);
    }
    throw error;
  } finally {
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const fields = { action: name, outcome: line.outcome, ms, ...line.fields };
    log()[line.level](fields, line.level === "error" ? "action failed" : "action");
  }
}

class ActionLine implements ActionContext {
  outcome: string | undefined;
  level: Level = "info";
  readonly fields: Record<string, unknown> = {};

  note(fields: Record<string, unknown>, level?: "warn" | "error"): void {
    Object.assign(this.fields, fields);
    if (level && SEVERITY[level] > SEVERITY[this.level]) this.level = level;
  }

  fail(error: unknown): void {
    this.level = "error";
    this.fields.err = error;
    this.fields.fault = noteDatabaseError(error);
  }
}

/** The handler's state, or the form's message for what it threw (Next.js's control flow is thrown on). */
async function answered<S>(
  form: FormData,
  line: ActionLine,
  failed: FailureAnswer<S> | undefined,
  work: () => Promise<S>,
): Promise<S> {
  if (!failed) return work();
  try {
    return await work();
  } catch (error) {
    if (isNextControlFlow(error)) throw error;
    if (error instanceof AccountError) {
      line.note({ refused: error.code });
      return failed.state(error.message, form);
    }
    line.fail(error);
    return failed.state(line.fields.fault ? failed.unavailable : failed.otherwise, form);
  }
}

function refreshed<S>(options: FormActionOptions<S>, state: S): S {
  if (options.revalidate) revalidatePath(options.revalidate);
  return state;
}

/** A form action open to anyone (a trial signup, a sign-in link). */
export function formAction<S>(
  name: string,
  options: FormActionOptions<S>,
  handler: (form: FormData, meta: ActionContext) => Promise<S>,
): FormAction<S> {
  return (_previous, form) =>
    logged(name, async (line) =>
      refreshed(options, await answered(form, line, options.failed, () => handler(form, line))),
    );
}

/**
 * A form action of the signed-in dealer: the session is read again on every post (a form carries no authority
 * of its own), and without one the dealer is sent to sign in. The handler acts on that account only.
 */
export function dealerFormAction<S>(
  name: string,
  options: FormActionOptions<S>,
  handler: (form: FormData, account: DealerAccountRecord, meta: ActionContext) => Promise<S>,
): FormAction<S> {
  return (_previous, form) =>
    logged(name, async (line) => {
      // Outside the form's answer, as before this wrapper: a database that cannot tell who is asking fails the
      // post as it fails the page (the page reads the same session).
      const account = await currentAccount();
      if (!account) {
        line.outcome = "signed_out";
        redirect(SIGN_IN_PATH);
      }
      line.note({ accountId: account.id });
      return refreshed(options, await answered(form, line, options.failed, () => handler(form, account, line)));
    });
}

/** An action without a form state (a sign-out button): logged, and whatever it throws is thrown on. */
export function plainAction(name: string, handler: (meta: ActionContext) => Promise<void>): () => Promise<void> {
  return () => logged(name, (line) => handler(line));
}
