/**
 * The signed-in dealer of this request, from the Better Auth session cookie (./auth.ts): the session's user, and
 * the dealer account of that email. Null when not signed in. Read by the dealer pages and, for every dealer
 * action, by the action wrapper (lib/http/server-action.ts). Like ./auth.ts it loads Better Auth (ES modules only,
 * with its Next.js cookie bridge), so it is imported on its own, by app code and that wrapper, never through a
 * room's door.
 */
import { headers } from "next/headers";
import { auth } from "./auth";
import { findAccountByEmail, type DealerAccountRecord } from "./accounts";

export async function currentAccount(): Promise<DealerAccountRecord | null> {
  const session = await (await auth()).api.getSession({ headers: await headers() });
  if (!session) return null;
  return findAccountByEmail(session.user.email);
}
