import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { mailConfigured } from "@/lib/accounts/mailer";
import { currentAccount } from "@/lib/accounts/session";
import { SignInForm } from "./sign-in-form";
import styles from "../dealers.module.css";

export const metadata: Metadata = { title: "Dealer sign-in", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await currentAccount()) redirect("/dealers/account");
  return (
    <main>
      <h1>Dealer sign-in</h1>
      <p>No password: we email you a link that signs you in to your account page (usage, locations, keys, billing).</p>
      {mailConfigured() ? null : (
        <p className={styles.muted} data-testid="no-smtp">
          This server sends no mail (SMTP_URL is not set): sign-in links are written to its log.
        </p>
      )}
      <SignInForm />
      <p className={styles.muted}>
        No account yet? <a href="/dealers">Start a 14-day trial</a>.
      </p>
    </main>
  );
}
