/**
 * The service's own secret: AUTH_SECRET, or one generated on first use and shared through the database by every
 * process and instance. It signs the dealers' session cookies (auth.ts) and seals the webhook signing secrets
 * (lib/alerts/signing.ts).
 */
import { randomBytes } from "node:crypto";
import { config } from "../config";
import { db } from "../db";

const SECRET_SETTING = "auth_secret";

/** The generated secret never changes once stored: read once per process and database (a failed read is tried again). */
const stored = new Map<string, Promise<string>>();

export async function authSecret(): Promise<string> {
  const { accounts, database } = config();
  if (accounts.authSecret) return accounts.authSecret;
  let secret = stored.get(database.url);
  if (!secret) {
    secret = storedSecret().catch((error) => {
      stored.delete(database.url);
      throw error;
    });
    stored.set(database.url, secret);
  }
  return secret;
}

async function storedSecret(): Promise<string> {
  try {
    await db().setting.upsert({
      where: { key: SECRET_SETTING },
      create: { key: SECRET_SETTING, value: randomBytes(32).toString("base64url") },
      update: {},
    });
  } catch (error) {
    // Another process created it at the same moment: theirs is the one everybody reads below.
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  const row = await db().setting.findUniqueOrThrow({ where: { key: SECRET_SETTING } });
  return row.value;
}
