"use server";
/**
 * Sign-in by emailed link. The answer is the same words in the same time whether or not an account exists for
 * the address, so the form tells a stranger nothing: the link is made and mailed after the answer has gone out
 * (Next.js's `after`), so neither the mail server's speed nor its failure shows in the answer. The link is only
 * ever mailed to an account's own address. Attempts are limited per requester: per client address, and per
 * address and mailbox (lib/rate-limit/forms.ts), so nobody can use up a mailbox's links for its owner.
 */
import { after } from "next/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { auth } from "@/lib/accounts/auth";
import { findAccountByEmail } from "@/lib/accounts/accounts";
import { normaliseEmail } from "@/lib/accounts/email";
import { consumeSignIn, formLimitAddress } from "@/lib/rate-limit";
import { formAction, plainAction } from "@/lib/http/server-action";
import { mailConfigured } from "@/lib/accounts/mailer";
import { config } from "@/lib/config";
import { databaseFault } from "@/lib/db/faults";
import { log } from "@/lib/log";

export type SignInState =
  | { status: "idle" }
  | { status: "invalid"; message: string; email: string }
  | { status: "sent"; email: string; via: "smtp" | "log"; minutes: number }
  | { status: "failed"; message: string; email: string };

const Email = z.email({ message: "Enter the email address of your dealer account." }).max(200);
const emailOf = (form: FormData) => String(form.get("email") ?? "").trim();

export const requestSignInLink = formAction<SignInState>(
  "requestSignInLink",
  {
    failed: {
      unavailable: "Our database is unavailable right now; please try again in a minute.",
      otherwise: "Something went wrong on our side; please try again.",
      state: (message, form) => ({ status: "failed", message, email: emailOf(form) }),
    },
  },
  async (form, meta) => {
    const email = emailOf(form);
    const parsed = Email.safeParse(email);
    if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0].message, email };
    const minutes = config().accounts.magicLinkMinutes;
    const via = mailConfigured() ? "smtp" : "log";
    const requestHeaders = await headers();
    const limit = await consumeSignIn(formLimitAddress(requestHeaders), normaliseEmail(parsed.data));
    if (!limit.ok) {
      meta.note({ retryAfterSeconds: limit.retryAfterSeconds }, "warn");
      const wait = Math.ceil(limit.retryAfterSeconds / 60);
      return {
        status: "failed",
        message: `Too many sign-in attempts. Try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
        email,
      };
    }
    const account = await findAccountByEmail(parsed.data);
    // Logged either way, so the log tells an operator what the page never tells the asker.
    meta.note({ link: account ? "mailing" : "no_account" });
    if (account) after(() => mailSignInLink(account.email, requestHeaders));
    return { status: "sent", email, via, minutes };
  },
);

/** After the answer: the link is stored (hashed) and mailed; a failure is logged, the page has answered already. */
async function mailSignInLink(email: string, requestHeaders: Headers): Promise<void> {
  try {
    await (await auth()).api.signInMagicLink({ body: { email }, headers: requestHeaders });
  } catch (error) {
    log().error({ err: error, fault: databaseFault(error) }, "sign-in link not sent");
  }
}

export type ConfirmState = { status: "idle" } | { status: "failed"; message: string };

// No `failed` words: every error of the link's check is answered below as an expired link, as it always was.
export const confirmSignIn = formAction<ConfirmState>("confirmSignIn", {}, async (form, meta) => {
  const token = String(form.get("token") ?? "");
  if (!token || token.length > 200)
    return { status: "failed", message: "This sign-in link is not complete. Ask for a new one." };
  let signedIn = false;
  try {
    // Without a callbackURL the plugin answers JSON, and nextCookies() sets the session cookie on this response.
    await (await auth()).api.magicLinkVerify({ query: { token }, headers: await headers() });
    signedIn = true;
  } catch (error) {
    // An unknown, used or expired token is answered by the plugin with a redirect carrying an error code.
    const status = (error as { statusCode?: number; status?: string }).statusCode;
    if (status === 302) meta.note({ link: "expired_or_used" });
    else meta.note({ link: "not_verified", err: error, fault: databaseFault(error) }, "error");
  }
  if (!signedIn)
    return { status: "failed", message: "This sign-in link has expired or was already used. Ask for a new one." };
  redirect("/dealers/account");
});

export const signOut = plainAction("signOut", async () => {
  await (await auth()).api.signOut({ headers: await headers() });
  redirect("/dealers/sign-in");
});
