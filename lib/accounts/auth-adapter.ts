/**
 * Better Auth keeps session tokens in the clear in its session table; ours must be hashed at rest. This
 * wraps its Prisma adapter so that the session table only ever sees SHA-256(token): the token is hashed on the
 * way in (create, and every where-clause on `token`) and the caller gets its own token back on the way out.
 * A stolen database copy therefore holds no usable session. Magic-link tokens are hashed by the plugin itself
 * (storeToken: "hashed"); API keys by lib/dealers/keys.ts.
 */
import { createHash } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";

type AnyAdapter = Record<string, unknown> & {
  transaction?: (cb: (trx: AnyAdapter) => Promise<unknown>) => Promise<unknown>;
};
type AdapterFactory = (options: BetterAuthOptions) => unknown;
interface WhereClause {
  field: string;
  value: unknown;
  operator?: string;
}

export const hashSessionToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

const isSession = (model: unknown) => model === "session" || model === "authSession";

function hashWhere(where: WhereClause[] | undefined, seen: Map<string, string>): WhereClause[] | undefined {
  return where?.map((w) => {
    if (w.field !== "token") return w;
    const hashOne = (v: unknown) => {
      if (typeof v !== "string") return v;
      const h = hashSessionToken(v);
      seen.set(h, v);
      return h;
    };
    return { ...w, value: Array.isArray(w.value) ? w.value.map(hashOne) : hashOne(w.value) };
  });
}

function restore<T>(row: T, seen: Map<string, string>): T {
  if (row && typeof row === "object" && "token" in row) {
    const r = row as Record<string, unknown>;
    const original = typeof r.token === "string" ? seen.get(r.token) : undefined;
    if (original) return { ...r, token: original } as T;
  }
  return row;
}

function wrap(adapter: AnyAdapter): AnyAdapter {
  const call = (name: string, args: Record<string, unknown>) =>
    (adapter[name] as (a: unknown) => Promise<unknown>)(args);
  const wrapped: AnyAdapter = { ...adapter };
  wrapped.create = async (args: Record<string, unknown>) => {
    if (!isSession(args.model)) return call("create", args);
    const data = args.data as Record<string, unknown>;
    const seen = new Map<string, string>();
    if (typeof data.token === "string") seen.set(hashSessionToken(data.token), data.token);
    const stored = typeof data.token === "string" ? { ...data, token: hashSessionToken(data.token) } : data;
    return restore(await call("create", { ...args, data: stored }), seen);
  };
  for (const name of ["findOne", "update", "consumeOne", "incrementOne"]) {
    if (typeof adapter[name] !== "function") continue;
    wrapped[name] = async (args: Record<string, unknown>) => {
      if (!isSession(args.model)) return call(name, args);
      const seen = new Map<string, string>();
      return restore(await call(name, { ...args, where: hashWhere(args.where as WhereClause[], seen) }), seen);
    };
  }
  wrapped.findMany = async (args: Record<string, unknown>) => {
    if (!isSession(args.model)) return call("findMany", args);
    const seen = new Map<string, string>();
    const rows = (await call("findMany", {
      ...args,
      where: hashWhere(args.where as WhereClause[], seen),
    })) as unknown[];
    return rows.map((r) => restore(r, seen));
  };
  for (const name of ["count", "updateMany", "delete", "deleteMany"]) {
    if (typeof adapter[name] !== "function") continue;
    wrapped[name] = async (args: Record<string, unknown>) =>
      call(name, isSession(args.model) ? { ...args, where: hashWhere(args.where as WhereClause[], new Map()) } : args);
  }
  if (typeof adapter.transaction === "function") {
    const transaction = adapter.transaction.bind(adapter);
    wrapped.transaction = (cb) => transaction((trx) => cb(wrap(trx)));
  }
  return wrapped;
}

export function withHashedSessionTokens<F extends AdapterFactory>(factory: F): F {
  return ((options: BetterAuthOptions) => wrap(factory(options) as AnyAdapter)) as F;
}
