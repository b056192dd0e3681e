import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PROBLEM_REASONS, Problem } from "./problem";

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "generated" ? [] : sources(file);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [file] : [];
  });
}

// Reasons of the decoder's own result type, in a file that also throws problems: not problem reasons.
const DECODE_RESULT_REASONS = new Set(["unknown_wmi", "no_pattern"]);

describe("problem reasons", () => {
  test("every reason a module that raises ApiErrors writes is documented (and so has a /docs anchor)", () => {
    const found = new Map<string, string>();
    for (const file of [...sources(path.join(root, "lib")), ...sources(path.join(root, "app"))]) {
      const text = readFileSync(file, "utf8");
      if (!/api\/errors"/.test(text)) continue;
      const literals = [
        ...text.matchAll(/reason: "([a-z_]+)"/g),
        ...text.matchAll(/(?:unauthorized|badGateway|serviceUnavailable)\([^;]*?, "([a-z_]+)"\)/g),
      ];
      for (const m of literals) if (!DECODE_RESULT_REASONS.has(m[1])) found.set(m[1], path.relative(root, file));
    }
    expect(found.size).toBeGreaterThan(5);
    const undocumented = [...found].filter(([reason]) => !(reason in PROBLEM_REASONS));
    expect(undocumented).toEqual([]);
  });

  test("the Problem schema accepts what lib/http builds and rejects an unknown reason", () => {
    const body = { type: "about:blank", title: "Not Found", status: 404, detail: "x", instance: "/a", requestId: "abcdefgh12", reason: "not_found", extra: 1 };
    expect(Problem.safeParse(body).success).toBe(true);
    expect(Problem.safeParse({ ...body, reason: "made_up" }).success).toBe(false);
  });
});
