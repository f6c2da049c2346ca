/**
 * D1 retries a read that meets a transient error by itself, never a write
 * (developers.cloudflare.com/d1/best-practices/retry-queries). A write the shop may repeat
 * without changing what it means (an upsert, an UPDATE or DELETE keyed by id and by the
 * state it starts from, a batch that holds only while what it read still stands) goes
 * through `retryTransient`: tried again, with backoff, on the errors Cloudflare names as
 * transient. A write that is not safe to repeat is never handed to it.
 */

/** The messages of D1's transient errors, as Cloudflare's retry guidance names them. */
export const TRANSIENT_D1_ERRORS = ["Network connection lost", "storage caused object to be reset", "reset because its code was updated"] as const;

/** Whether `error`'s message, or that of its cause (three deep), matches `pattern`. */
export function messageMatches(error: unknown, pattern: (message: string) => boolean): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 3; at = (at as { cause?: unknown }).cause, depth++) {
    if (pattern(at instanceof Error ? at.message : String(at))) return true;
  }
  return false;
}

/** Whether `error` is one of D1's transient errors (its message, or its cause's, names one). */
export const isTransient = (error: unknown) => messageMatches(error, (message) => TRANSIENT_D1_ERRORS.some((named) => message.includes(named)));

/** Tries in all: the first and three more. */
export const TRANSIENT_TRIES = 4;

/** Milliseconds before try `next` (2, 3, 4): about 40, 80, 160, with jitter, so a request waits well under a second. */
const backoff = (next: number) => 20 * 2 ** (next - 1) * (1 + Math.random());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run`, again after `backoff(next try)` while it fails with an error `retryable` names,
 * `tries` times in all; any other error, or the last, is thrown.
 */
export async function retryWhile<T>(
  run: () => Promise<T>,
  {
    tries,
    retryable,
    backoff: delay,
    wait = pause,
  }: { tries: number; retryable: (error: unknown) => boolean; backoff: (next: number) => number; wait?: (ms: number) => Promise<unknown> },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !retryable(error)) throw error;
      await wait(delay(attempt + 1));
    }
  }
}

/** Runs `write`, again after a backoff while it fails with a transient D1 error; any other error is thrown at once. */
export const retryTransient = <T>(write: () => Promise<T>, { wait = pause }: { wait?: (ms: number) => Promise<unknown> } = {}): Promise<T> =>
  retryWhile(write, { tries: TRANSIENT_TRIES, retryable: isTransient, backoff, wait });
