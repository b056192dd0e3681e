"use server";
/**
 * Starting a trial: the key is created here and handed back in this action's response only, so the
 * confirmation shows it exactly once. Nothing stores it; a reload renders the empty form again.
 */
import { TrialSignup } from "@/lib/api/dealer";
import { issueKey, TRIAL_DAYS } from "@/lib/dealers/keys";
import { databaseFault } from "@/lib/db-faults";
import { log } from "@/lib/log";

export type TrialState =
  | { status: "idle" }
  | { status: "invalid"; errors: Partial<Record<"name" | "email" | "location", string>>; values: Record<string, string> }
  | { status: "issued"; key: string; prefix: string; name: string; expiresAt: string; days: number }
  | { status: "failed"; message: string; values: Record<string, string> };

export async function startTrial(_previous: TrialState, form: FormData): Promise<TrialState> {
  const values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    location: String(form.get("location") ?? ""),
  };
  const parsed = TrialSignup.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<"name" | "email" | "location", string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "name" | "email" | "location";
      errors[field] ??= issue.message;
    }
    return { status: "invalid", errors, values };
  }
  let issued;
  try {
    issued = await issueKey({ ...parsed.data, days: TRIAL_DAYS });
  } catch (error) {
    // The write failed: say so, so nobody walks away with a key that does not exist.
    const fault = databaseFault(error);
    log().error({ err: error, fault, dealer: parsed.data.name }, "dealer trial not started: key not issued");
    const message = fault
      ? "Key not issued: our database is unavailable right now. Nothing was saved; please try again in a minute."
      : "Key not issued: something went wrong on our side. Nothing was saved; please try again.";
    return { status: "failed", message, values };
  }
  const { key, record } = issued;
  log().info({ keyPrefix: record.prefix, dealer: record.name }, "dealer trial started");
  return {
    status: "issued",
    key,
    prefix: record.prefix,
    name: record.name,
    expiresAt: record.expiresAt!.toISOString(),
    days: TRIAL_DAYS,
  };
}
