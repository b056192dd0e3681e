"use client";
import { useActionState, useState } from "react";
import { CopyBlock } from "@/components/copy-block";
import { EXAMPLE_DEALER_VIN } from "@/lib/contract/examples";
import { startTrial, type TrialState } from "./actions";
import styles from "./dealers.module.css";

const initial: TrialState = { status: "idle" };

export function TrialForm({ baseUrl }: { baseUrl: string }) {
  const [state, action, pending] = useActionState(startTrial, initial);
  if (state.status === "issued") return <KeyConfirmation state={state} baseUrl={baseUrl} />;
  if (state.status === "exists") {
    return (
      // A refusal, not a success: the warning style, and the refusal in the heading.
      <section className="notice notice-warn" data-testid="trial-exists" aria-live="polite">
        <h2>No new trial: one already exists for {state.email}</h2>
        <p>
          Each dealer gets one trial, and no new key was issued. If this is your address, you already have an account:{" "}
          <a href="/dealers/sign-in">sign in with a link sent to that address</a>, then rotate the key on your account
          page if you lost it.
        </p>
      </section>
    );
  }
  const values =
    state.status === "invalid" || state.status === "failed" || state.status === "limited"
      ? state.values
      : { name: "", email: "", location: "" };
  const errors = state.status === "invalid" ? state.errors : {};
  return (
    <form action={action} className={styles.form} noValidate>
      {state.status === "limited" ? (
        <p className={styles.error} role="alert" data-testid="trial-limited">
          {state.message}
        </p>
      ) : null}
      {state.status === "failed" ? (
        <p className={styles.error} role="alert" data-testid="trial-failed">
          {state.message}
        </p>
      ) : null}
      <Field name="name" label="Dealership name" value={values.name} error={errors.name} autoComplete="organization" />
      <Field
        name="email"
        label="Work email"
        type="email"
        value={values.email}
        error={errors.email}
        autoComplete="email"
      />
      <Field name="location" label="Rooftop (city, state)" value={values.location} error={errors.location} />
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Starting…" : "Start 14-day trial"}
      </button>
    </form>
  );
}

function Field(props: {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete?: string;
}) {
  const id = `trial-${props.name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        required
      />
      {props.error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function KeyConfirmation({ state, baseUrl }: { state: Extract<TrialState, { status: "issued" }>; baseUrl: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(state.key);
    setCopied(true);
  };
  return (
    <section className={styles.confirmation} aria-labelledby="key-heading">
      <h2 id="key-heading">Your trial key, {state.name}</h2>
      <p>
        <strong>This is the only time the key is shown.</strong> We store only a hash of it: copy it now and keep it
        somewhere safe. Lost it? <a href="/dealers/sign-in">Sign in</a> and rotate it on your account page.
      </p>
      <div className={styles.keyRow}>
        <code data-testid="api-key" className={styles.key}>
          {state.key}
        </code>
        <button type="button" onClick={copy} className={styles.primary}>
          {copied ? "Copied" : "Copy key"}
        </button>
      </div>
      <p>
        Key id prefix <code>{state.prefix}</code> · trial ends {new Date(state.expiresAt).toUTCString()} ({state.days}{" "}
        days).
      </p>
      <p>
        Send it in the <code>x-api-key</code> header, for example:
      </p>
      <CopyBlock
        wrap
        label="curl example with your key"
        testId="key-curl"
        text={`curl -H "x-api-key: ${state.key}" \\\n  "${baseUrl}/api/dealer/v1/window-sticker?vin=${EXAMPLE_DEALER_VIN}&format=check"`}
      />
    </section>
  );
}
