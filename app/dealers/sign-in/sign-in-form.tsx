"use client";
import { useActionState } from "react";
import { requestSignInLink, type SignInState } from "./actions";
import styles from "../dealers.module.css";

const initial: SignInState = { status: "idle" };

export function SignInForm() {
  const [state, action, pending] = useActionState(requestSignInLink, initial);
  if (state.status === "sent") {
    return (
      <section className={styles.confirmation} data-testid="link-sent" aria-live="polite">
        <h2>Check your mail</h2>
        <p>
          If {state.email} belongs to a dealer account, a sign-in link is on its way. It works once, for {state.minutes}{" "}
          minutes. If nothing arrives within a few minutes, look in the spam folder, then ask again.
        </p>
        {state.via === "log" ? (
          <p data-testid="link-in-log">
            <strong>This server has no mail server configured (SMTP_URL is not set):</strong> the link was written to
            the server&apos;s log instead. Ask the operator for it, or read it there if you run this server.
          </p>
        ) : null}
      </section>
    );
  }
  const email = state.status === "idle" ? "" : state.email;
  return (
    <form action={action} className={styles.form} noValidate>
      {state.status === "invalid" || state.status === "failed" ? (
        <p className={styles.error} role="alert" data-testid="sign-in-error">
          {state.message}
        </p>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="sign-in-email">Account email</label>
        <input id="sign-in-email" name="email" type="email" defaultValue={email} autoComplete="email" required />
      </div>
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Sending…" : "Email me a sign-in link"}
      </button>
    </form>
  );
}
