"use client";
import { useActionState } from "react";
import { confirmSignIn, type ConfirmState } from "../actions";
import styles from "../../dealers.module.css";

const initial: ConfirmState = { status: "idle" };

export function ConfirmForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(confirmSignIn, initial);
  return (
    <form action={action} className={styles.form}>
      {state.status === "failed" ? (
        <p className={styles.error} role="alert" data-testid="confirm-error">
          {state.message} <a href="/dealers/sign-in">Get a new link</a>.
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
