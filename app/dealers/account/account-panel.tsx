"use client";
/**
 * The interactive part of the account page: every form posts to accountAction; its answer (a message, and a
 * new key shown once) appears at the top. The data itself comes from the server page on each render.
 */
import { useActionState } from "react";
import { accountAction, type AccountActionState } from "./actions";
import styles from "../dealers.module.css";

interface PanelKey {
  id: string;
  prefix: string;
  status: string;
  createdAt: string;
  lastUsedDay: string | null;
  graceUntil: string | null;
  expiresAt: string | null;
}
export interface PanelLocation {
  id: string;
  name: string;
  createdAt: string;
  keys: PanelKey[];
}

const initial: AccountActionState = { status: "idle" };

/**
 * One button posting an intent (and its fields) to the panel's action, after a confirmation when asked.
 * Declared once at module level: a component created during render would remount on every render.
 */
function Intent({
  form,
  intent,
  children,
  fields,
  confirm,
}: {
  form: { action: (payload: FormData) => void; pending: boolean };
  intent: string;
  children: string;
  fields?: Record<string, string>;
  confirm?: string;
}) {
  return (
    <form
      action={form.action}
      style={{ display: "inline" }}
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" disabled={form.pending} className={styles.secondary ?? undefined}>
        {children}
      </button>
    </form>
  );
}

export function AccountPanel(props: {
  locations: PanelLocation[];
  status: string;
  billing: { configured: boolean; hasCustomer: boolean; hasSubscription: boolean; cancelAtPeriodEnd: boolean };
  graceHours: number;
  /** The daily recall digest mail is on. */
  digest: boolean;
}) {
  const [state, action, pending] = useActionState(accountAction, initial);
  const form = { action, pending };
  return (
    <>
      {state.status === "error" ? (
        <p className={styles.error} role="alert" data-testid="account-error">
          {state.message}
        </p>
      ) : null}
      {state.status === "done" ? (
        <section className={styles.confirmation} aria-live="polite" data-testid="account-message">
          <p>{state.message}</p>
          {state.newKey ? (
            <>
              <p>
                <strong>This is the only time the new key is shown</strong>
                {state.newKey.location ? ` (${state.newKey.location})` : ""}: copy it now.
              </p>
              <code data-testid="new-api-key" className={styles.key}>
                {state.newKey.key}
              </code>
            </>
          ) : null}
        </section>
      ) : null}

      <h2>Locations and keys</h2>
      <p className={styles.muted}>
        Rotating a key issues a new one; the old key keeps working for {props.graceHours} hours so you can switch over.
      </p>
      <div className="table-scroll" tabIndex={0} role="group" aria-label="Locations and keys">
        <table className={styles.table} data-testid="locations">
          <thead>
            <tr>
              <th>Location</th>
              <th>Key</th>
              <th>Status</th>
              <th>Created</th>
              <th>Last use</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.locations.flatMap((l) =>
              (l.keys.length ? l.keys : [null]).map((k, i) => (
                <tr key={`${l.id}-${k?.id ?? "none"}`} data-testid={k ? `key-${k.prefix}` : undefined}>
                  <td>{i === 0 ? l.name : ""}</td>
                  <td>{k ? <code>vsk_{k.prefix}_…</code> : "no live key"}</td>
                  <td>
                    {k
                      ? k.graceUntil
                        ? `rotated: works until ${new Date(k.graceUntil).toUTCString()}`
                        : k.status
                      : ""}
                    {k?.expiresAt && !k.graceUntil ? ` (until ${k.expiresAt.slice(0, 10)})` : ""}
                  </td>
                  <td>{k ? k.createdAt.slice(0, 10) : ""}</td>
                  <td>{k ? (k.lastUsedDay ?? "never") : ""}</td>
                  <td>
                    {k && !k.graceUntil ? (
                      <>
                        <Intent form={form} intent="rotate" fields={{ keyId: k.id }}>
                          Rotate
                        </Intent>{" "}
                        <Intent
                          form={form}
                          intent="revoke"
                          fields={{ keyId: k.id }}
                          confirm="Revoke this key? It stops working at once."
                        >
                          Revoke
                        </Intent>
                      </>
                    ) : null}
                    {k?.graceUntil ? (
                      <Intent
                        form={form}
                        intent="revoke"
                        fields={{ keyId: k.id }}
                        confirm="End the grace period and revoke the old key now?"
                      >
                        Revoke now
                      </Intent>
                    ) : null}
                    {!k && props.status !== "cancelled" ? (
                      <Intent form={form} intent="issue-key" fields={{ locationId: l.id }}>
                        Issue a key
                      </Intent>
                    ) : null}
                    {i === 0 && props.locations.length > 1 ? (
                      <>
                        {" "}
                        <Intent
                          form={form}
                          intent="remove-location"
                          fields={{ locationId: l.id }}
                          confirm={`Remove ${l.name} and revoke its key?`}
                        >
                          Remove location
                        </Intent>
                      </>
                    ) : null}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>

      <form action={action} className={styles.inlineForm}>
        <input type="hidden" name="intent" value="add-location" />
        <label htmlFor="new-location">New location (city, state)</label>
        <input id="new-location" name="name" required minLength={2} maxLength={200} />
        <button type="submit" disabled={pending}>
          Add location
        </button>
      </form>

      <h2>Recall digest</h2>
      <p data-testid="digest">
        {props.digest
          ? "A daily mail lists new recalls for the VINs your locations watch. "
          : "Turn on a daily mail that lists new recalls for the VINs your locations watch. "}
        <Intent form={form} intent={props.digest ? "digest-off" : "digest-on"}>
          {props.digest ? "Turn the digest off" : "Turn the digest on"}
        </Intent>
      </p>

      <h2>Billing</h2>
      {props.billing.configured ? (
        <p>
          {props.status !== "active" && props.status !== "past_due" ? (
            <Intent form={form} intent="subscribe">
              {props.status === "cancelled" ? "Resubscribe" : "Subscribe"}
            </Intent>
          ) : null}{" "}
          {props.billing.hasCustomer ? (
            <Intent form={form} intent="billing-portal">
              Manage billing
            </Intent>
          ) : null}{" "}
          {props.status !== "cancelled" && !props.billing.cancelAtPeriodEnd ? (
            <Intent form={form} intent="cancel" confirm="Cancel your subscription?">
              Cancel
            </Intent>
          ) : null}
        </p>
      ) : (
        <>
          <p data-testid="billing-not-set-up">
            Billing is not set up on this server: to keep your keys working after the trial, ask the operator to
            activate your account.
          </p>
          {props.status !== "cancelled" ? (
            <p>
              <Intent form={form} intent="cancel" confirm="Cancel your account? Its keys stop working at once.">
                Cancel account
              </Intent>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
