"use server";
/**
 * Starting a trial: the account and its first key are created here and the key is handed back in this
 * action's response only, so the confirmation shows it exactly once. Nothing stores it; a reload renders the
 * empty form again.
 *
 * Abuse control: SIGNUPS_PER_ADDRESS_PER_DAY attempts per client address, and one trial per
 * dealer (normalised email). A second signup issues nothing and answers the same words whoever asks: that a
 * trial exists for that address and how its owner gets back in (sign in by emailed link, rotate the key).
 */
import { headers } from "next/headers";
import { TrialSignup } from "@/lib/stickers/answers";
import { startTrialAccount } from "@/lib/accounts/accounts";
import { consumeSignup, formLimitAddress } from "@/lib/rate-limit";
import { formAction } from "@/lib/http/server-action";
import { TRIAL_DAYS } from "@/lib/dealers";

export type TrialState =
  | { status: "idle" }
  | {
      status: "invalid";
      errors: Partial<Record<"name" | "email" | "location", string>>;
      values: Record<string, string>;
    }
  | { status: "issued"; key: string; prefix: string; name: string; expiresAt: string; days: number }
  | { status: "failed"; message: string; values: Record<string, string> }
  /** A trial exists for this email: nothing issued. Worded so a stranger learns nothing they did not type. */
  | { status: "exists"; email: string }
  | { status: "limited"; message: string; values: Record<string, string> };

const valuesOf = (form: FormData) => ({
  name: String(form.get("name") ?? ""),
  email: String(form.get("email") ?? ""),
  location: String(form.get("location") ?? ""),
});

export const startTrial = formAction<TrialState>(
  "startTrial",
  {
    // The write failed: say so, so nobody walks away with a key that does not exist.
    failed: {
      unavailable:
        "Key not issued: our database is unavailable right now. Nothing was saved; please try again in a minute.",
      otherwise: "Key not issued: something went wrong on our side. Nothing was saved; please try again.",
      state: (message, form) => ({ status: "failed", message, values: valuesOf(form) }),
    },
  },
  async (form, meta) => {
    const values = valuesOf(form);
    const parsed = TrialSignup.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<"name" | "email" | "location", string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as "name" | "email" | "location";
        errors[field] ??= issue.message;
      }
      return { status: "invalid", errors, values };
    }
    const limit = await consumeSignup(formLimitAddress(await headers()));
    if (!limit.ok) {
      meta.note({ retryAfterSeconds: limit.retryAfterSeconds }, "warn");
      const hours = Math.ceil(limit.retryAfterSeconds / 3600);
      return {
        status: "limited",
        message: `Too many trial signups from your network today. Please try again in about ${hours} hour${hours === 1 ? "" : "s"}, or sign in if you already have an account.`,
        values,
      };
    }
    const outcome = await startTrialAccount(parsed.data);
    // One trial per dealer: nothing issued.
    if (outcome.status === "exists") return { status: "exists", email: parsed.data.email };
    const { key, record } = outcome.issued;
    meta.note({ accountId: outcome.account.id, keyPrefix: record.prefix });
    return {
      status: "issued",
      key,
      prefix: record.prefix,
      name: record.name,
      expiresAt: record.expiresAt!.toISOString(),
      days: TRIAL_DAYS,
    };
  },
);
