import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { accountView, DEFAULT_PARTNER_TERMS } from "@/lib/accounts/accounts";
import { accountAlerts } from "@/lib/alerts/account-alerts";
import { billingConfigured } from "@/lib/accounts/billing/stripe";
import { config } from "@/lib/config";
import { currentAccount } from "@/lib/accounts/session";
import { signOut } from "../sign-in/actions";
import { AccountPanel } from "./account-panel";
import { RecallAlerts } from "./recall-alerts";
import { StickerLookup } from "./sticker-lookup";
import { UsageChart } from "./usage-chart";
import styles from "../dealers.module.css";

export const metadata: Metadata = { title: "Dealer account", robots: { index: false } };
export const dynamic = "force-dynamic";

const PLAN_TEXT: Record<string, string> = {
  trial: "Free trial",
  active: "Subscription, per location",
  past_due: "Subscription: payment failed",
  cancelled: "Cancelled",
};

/** The trial's end has passed (the page is rendered per request, so "now" is the request's time). */
function trialEnded(a: { status: string; trialEndsAt: Date | null }): boolean {
  return a.status === "trial" && a.trialEndsAt !== null && a.trialEndsAt.getTime() <= Date.now();
}

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const account = await currentAccount();
  if (!account) redirect("/dealers/sign-in");
  const view = await accountView(account.id);
  const alerts = await accountAlerts(view.account, view.locations);
  const { billing, sticker: stickerVin } = await searchParams;
  const a = view.account;
  return (
    <main>
      <h1>{a.name}</h1>
      <div className={styles.muted}>
        Signed in as {a.email} ·{" "}
        <form action={signOut} style={{ display: "inline" }}>
          <button type="submit" className={styles.secondary}>
            Sign out
          </button>
        </form>
      </div>
      {billing === "success" ? (
        <p data-testid="billing-success">Thank you: your subscription starts as soon as Stripe confirms the payment.</p>
      ) : null}

      <h2>Plan</h2>
      <p data-testid="plan">
        <strong>{a.partner ? "Partner licence" : PLAN_TEXT[a.status]}</strong>
        {a.status === "trial" && a.trialEndsAt ? ` · trial ends ${a.trialEndsAt.toUTCString()}` : ""}
        {a.cancelAtPeriodEnd && a.currentPeriodEnd
          ? ` · cancelled, keys work until ${a.currentPeriodEnd.toUTCString()}`
          : ""}
        {!a.partner && a.status !== "trial"
          ? ` · ${view.locations.length} location${view.locations.length === 1 ? "" : "s"} billed`
          : ""}
      </p>
      {trialEnded(a) ? (
        <p className={styles.warning} data-testid="trial-ended">
          Your trial has ended: its keys are refused (401 expired_key). Subscribe below to use them again.
        </p>
      ) : null}
      {a.status === "past_due" ? (
        <p className={styles.warning} data-testid="past-due">
          Your last payment failed. Your keys still work, and every API answer carries an <code>x-account-warning</code>{" "}
          header, until the subscription lapses: update your card under Manage billing.
        </p>
      ) : null}
      {a.status === "cancelled" ? (
        <p className={styles.warning} data-testid="cancelled">
          This account&apos;s subscription has ended: its keys are refused (401 subscription_inactive) until you
          resubscribe.
        </p>
      ) : null}
      {a.partner ? (
        <p className={styles.muted} data-testid="partner-terms">
          {a.partnerTerms ?? DEFAULT_PARTNER_TERMS}
        </p>
      ) : null}

      <h2>Usage, last 30 days</h2>
      <UsageChart days={view.usage} />
      {view.usageByLocation.length > 1 ? (
        <ul className={styles.muted}>
          {view.usageByLocation.map((l) => (
            <li key={l.locationId}>
              {l.name}: {l.vins} VINs, {l.stickers} stickers, {l.provisions} provision calls
            </li>
          ))}
        </ul>
      ) : null}

      <StickerLookup account={a} typed={typeof stickerVin === "string" ? stickerVin : undefined} />

      <RecallAlerts locations={alerts.locations} />

      <AccountPanel
        status={a.status}
        digest={alerts.digest}
        graceHours={config().accounts.rotationGraceHours}
        billing={{
          configured: billingConfigured(),
          hasCustomer: Boolean(a.stripeCustomerId),
          hasSubscription: Boolean(a.stripeSubscriptionId),
          cancelAtPeriodEnd: a.cancelAtPeriodEnd,
        }}
        locations={view.locations.map((l) => ({
          id: l.id,
          name: l.name,
          createdAt: l.createdAt.toISOString(),
          keys: l.keys.map((k) => ({
            id: k.id,
            prefix: k.prefix,
            status: k.status,
            createdAt: k.createdAt.toISOString(),
            lastUsedDay: k.lastUsedDay,
            graceUntil: k.graceUntil?.toISOString() ?? null,
            expiresAt: k.expiresAt?.toISOString() ?? null,
          })),
        }))}
      />
    </main>
  );
}
