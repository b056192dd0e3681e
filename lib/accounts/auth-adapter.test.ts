import { hashSessionToken, withHashedSessionTokens } from "./auth-adapter";

/** A stand-in for Better Auth's adapter: one table in memory, `where` on equality and `in`. */
function memoryAdapter() {
  const rows: Record<string, unknown>[] = [];
  const match = (row: Record<string, unknown>, where: { field: string; value: unknown; operator?: string }[] = []) =>
    where.every((w) =>
      w.operator === "in" ? (w.value as unknown[]).includes(row[w.field]) : row[w.field] === w.value,
    );
  return {
    rows,
    factory: () => ({
      id: "memory",
      create: async ({ data }: { data: Record<string, unknown> }) => {
        rows.push({ ...data });
        return { ...data };
      },
      findOne: async ({ where }: { where: never[] }) => rows.find((r) => match(r, where)) ?? null,
      findMany: async ({ where }: { where: never[] }) => rows.filter((r) => match(r, where)),
      deleteMany: async ({ where }: { where: never[] }) => {
        const before = rows.length;
        for (let i = rows.length - 1; i >= 0; i--) if (match(rows[i], where)) rows.splice(i, 1);
        return before - rows.length;
      },
    }),
  };
}

test("session tokens are stored hashed; callers see their own token; other models are untouched", async () => {
  const memory = memoryAdapter();
  const wrap = withHashedSessionTokens(memory.factory as unknown as (o: unknown) => unknown) as (o: unknown) => unknown;
  const adapter = wrap({}) as Record<string, (a: unknown) => Promise<unknown>>;
  const created = (await adapter.create({ model: "session", data: { token: "tok-1", userId: "u" } })) as {
    token: string;
  };
  expect(created.token).toBe("tok-1");
  expect(memory.rows[0].token).toBe(hashSessionToken("tok-1"));
  expect(await adapter.findOne({ model: "session", where: [{ field: "token", value: "tok-1" }] })).toMatchObject({
    token: "tok-1",
  });
  expect(
    await adapter.findOne({ model: "session", where: [{ field: "token", value: hashSessionToken("tok-1") }] }),
  ).toBeNull();
  expect(
    await adapter.findMany({ model: "session", where: [{ field: "token", value: ["tok-1"], operator: "in" }] }),
  ).toEqual([expect.objectContaining({ token: "tok-1" })]);
  await adapter.create({ model: "user", data: { token: "not-a-session" } });
  expect(memory.rows[1].token).toBe("not-a-session");
  expect(await adapter.deleteMany({ model: "session", where: [{ field: "token", value: "tok-1" }] })).toBe(1);
});
