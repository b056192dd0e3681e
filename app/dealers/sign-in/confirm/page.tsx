import type { Metadata } from "next";
import { ConfirmForm } from "./confirm-form";

export const metadata: Metadata = { title: "Confirm sign-in", robots: { index: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** The page a sign-in link opens: one button, so that a mail scanner following the link signs nobody in. */
export default async function ConfirmPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <main>
      <h1>Sign in to your dealer account</h1>
      {typeof token === "string" && token ? (
        <ConfirmForm token={token} />
      ) : (
        <p>
          This link is incomplete. <a href="/dealers/sign-in">Ask for a new sign-in link</a>.
        </p>
      )}
    </main>
  );
}
