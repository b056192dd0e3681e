/**
 * Sign-in for dealer accounts: Better Auth with its magic-link plugin, on our Prisma database.
 *
 * - Passwordless: a link mailed through SMTP_URL (lib/accounts/mailer.ts), valid MAGIC_LINK_MINUTES, usable once;
 *   stored hashed (storeToken: "hashed").
 * - No self-service sign-up here: accounts are created by the trial signup (lib/accounts/accounts.ts), so a link
 *   is only ever mailed to an address that owns an account (disableSignUp).
 * - Sessions: an httpOnly, SameSite=Lax cookie (Secure on https), SESSION_DAYS long; the session table holds the
 *   token's SHA-256 only (auth-adapter.ts).
 * - Better Auth's HTTP endpoints are not mounted: the pages call `auth.api` from server actions (Next.js checks
 *   their Origin; proxy.ts answers a cross-site post 403), so every sign-in request passes our own limits.
 *
 * This file imports `better-auth/next-js` (the cookie bridge for server actions), so only app code imports it.
 */
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { magicLink } from "better-auth/plugins";
import { config } from "../config";
import { db } from "../db";
import { withHashedSessionTokens } from "./auth-adapter";
import { authSecret } from "./auth-secret";
import { sendSignInLink } from "./sign-in-mail";

/** Always the current Prisma client (lib/db may reopen it after a database fault). */
const prismaProxy = new Proxy({} as Record<string, unknown>, {
  get: (_target, prop) => (db() as unknown as Record<string | symbol, unknown>)[prop],
});

function createAuth(secret: string) {
  const { publicBaseUrl, database, accounts } = config();
  return betterAuth({
    appName: "vinscope",
    baseURL: publicBaseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicBaseUrl],
    database: withHashedSessionTokens(prismaAdapter(prismaProxy as never, { provider: database.provider })),
    user: { modelName: "authUser" },
    // A session ends SESSION_DAYS after sign-in: no sliding refresh (pages cannot rewrite the cookie while they
    // render, so a refreshed database row would outlive its cookie).
    session: { modelName: "authSession", expiresIn: accounts.sessionDays * 86_400, disableSessionRefresh: true },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    emailAndPassword: { enabled: false },
    // The forms' limits are ours (lib/rate-limit/forms.ts), shared through the database.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
    advanced: {
      cookiePrefix: "vinscope",
      useSecureCookies: publicBaseUrl.startsWith("https://"),
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      magicLink({
        expiresIn: accounts.magicLinkMinutes * 60,
        storeToken: "hashed",
        disableSignUp: true,
        sendMagicLink: async ({ email, token }) => {
          await sendSignInLink(email, token);
        },
      }),
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { __vinscopeAuth?: Promise<Auth> };

export function auth(): Promise<Auth> {
  globalForAuth.__vinscopeAuth ??= authSecret().then(createAuth, (error) => {
    globalForAuth.__vinscopeAuth = undefined;
    throw error;
  });
  return globalForAuth.__vinscopeAuth;
}
