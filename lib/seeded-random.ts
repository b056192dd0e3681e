/**
 * A seeded pseudo-random source for whatever must draw the same sequence on every run and platform: the demo
 * deal set (lib/pricing/demo-seed.ts), benchmarks, fuzz tests. Not for anything secret.
 */

/** mulberry32: tiny, fast, and good enough to draw test and demo data; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
