import { SectionMemo } from "./section-memo";

describe("SectionMemo", () => {
  it("serves a kept answer until it expires, then loads again", async () => {
    const memo = new SectionMemo<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get("k", load, () => true, 0)).toBe(1);
    expect(await memo.get("k", load, () => true, 999)).toBe(1);
    expect(await memo.get("k", load, () => true, 1000)).toBe(2);
  });

  it("never keeps an answer the caller calls unhealthy", async () => {
    const memo = new SectionMemo<string>(1000);
    let loads = 0;
    const load = async () => `degraded-${++loads}`;
    await memo.get("k", load, () => false, 0);
    expect(await memo.get("k", load, () => false, 1)).toBe("degraded-2");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const memo = new SectionMemo<string>(1000, 2);
    let loads = 0;
    const load = (k: string) => async () => `${k}-${++loads}`;
    await memo.get("a", load("a"), () => true, 0);
    await memo.get("b", load("b"), () => true, 0);
    await memo.get("c", load("c"), () => true, 0);
    expect(await memo.get("b", load("b"), () => true, 1)).toBe("b-2");
    expect(await memo.get("a", load("a"), () => true, 1)).toBe("a-4");
  });

  it("keeps nothing with a zero lifetime", async () => {
    const memo = new SectionMemo<number>(0);
    let loads = 0;
    await memo.get("k", async () => ++loads, () => true, 0);
    expect(await memo.get("k", async () => ++loads, () => true, 0)).toBe(2);
  });
});
