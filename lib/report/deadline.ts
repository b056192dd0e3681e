/** Runs one section of an answer under its own deadline; the work is told to stop (AbortSignal) when it passes. */
export class DeadlineExceeded extends Error {
  constructor(readonly label: string, readonly ms: number) {
    super(`${label} did not answer within ${ms} ms`);
    this.name = "DeadlineExceeded";
  }
}

export async function withDeadline<T>(label: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DeadlineExceeded(label, ms));
      reject(new DeadlineExceeded(label, ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
