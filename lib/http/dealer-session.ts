/**
 * The signed-in dealer of this request, from the Better Auth session cookie (lib/accounts/auth.ts): the
 * session's user, and the dealer account of that email. Null when not signed in. Read by the dealer pages and,
 * for every dealer action, by the action wrapper (./server-action.ts).
 */
import { headers } from "next/headers";
import { auth } from "../accounts/auth";
import { findAccountByEmail, type DealerAccountRecord } from "../accounts/accounts";

export async function currentAccount(): Promise<DealerAccountRecord | null> {
  const session = await (await auth()).api.getSession({ headers: await headers() });
  if (!session) return null;
  return findAccountByEmail(session.user.email);
}
