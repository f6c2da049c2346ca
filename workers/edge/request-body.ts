/**
 * The request's body, bounded and always settled. A body over 16 KiB is refused (413)
 * before anything reads it whole; and whatever the answer, an early one included (403,
 * 413, 429, a 400 from the path alone), the body is read to its end before the answer goes
 * out. Local workerd behind wrangler's dev proxy loses its connection after an answer that
 * left the body unread (workers-sdk 15317, 15451, 8087): the next POST then failed with 500
 * "Network connection lost".
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../request-context";
import { jsonError } from "./errors";
import { readAtMost } from "./read-at-most";

export const MAX_BODY_BYTES = 16 * 1024;
/** Past this much, a refused body is not read any further: a cancel costs less than megabytes of reading. */
const MAX_DRAINED_BYTES = 8 * 1024 * 1024;

/** Reads what is left of a body and throws it away (up to MAX_DRAINED_BYTES, then stops reading). */
async function drain(body: ReadableStream<Uint8Array>, reader = body.getReader()): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > MAX_DRAINED_BYTES) return void (await reader.cancel());
    }
  } catch {
    // A broken body has nothing more to give.
  }
}

/** Settles the request's body once the answer is ready, if nothing read it. */
export const settleRequestBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const { body, bodyUsed } = c.req.raw;
  if (body && !bodyUsed && !body.locked) await drain(body);
};

const tooLarge = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => jsonError(c, 413, "The request body is too large (16 KiB at most).");

/**
 * Refuses a body over `maxBytes` with `refuse`'s answer: by its Content-Length when it says
 * one, else by counting as it arrives (the counted bytes are handed on as the request's body).
 */
export const bodyLimit =
  <E extends AppEnv>(maxBytes: number, refuse: (c: Context<E>) => Response | Promise<Response>): MiddlewareHandler<E> =>
  async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = request.headers.get("Content-Length");
    if (declared !== null && !request.headers.has("Transfer-Encoding")) {
      return Number(declared) > maxBytes ? refuse(c) : next();
    }
    const reader = request.body.getReader();
    const whole = await readAtMost(reader, maxBytes);
    if (!whole) {
      await drain(request.body, reader);
      return refuse(c);
    }
    c.req.raw = new Request(request, { body: whole });
    return next();
  };

/**
 * Bodies of more than 16 KiB are refused everywhere but the paths named here, whose own
 * routes set their limit (the back office's stock file and shipping file:
 * workers/admin/pages/stock.tsx, shipping.tsx).
 */
export const OWN_BODY_LIMIT_PATHS = ["/admin/stock.csv", "/admin/shipping"] as const;

/** Refuses a body over 16 KiB (but on OWN_BODY_LIMIT_PATHS). */
export const bodySizeLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if ((OWN_BODY_LIMIT_PATHS as readonly string[]).includes(c.req.path)) return next();
  return sixteenKiB(c, next);
};

const sixteenKiB = bodyLimit<AppEnv>(MAX_BODY_BYTES, tooLarge);
