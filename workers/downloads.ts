/**
 * The downloads door: a download link's files at /downloads/{token}/{mp3|flac}, streamed
 * from the private R2 bucket (`DOWNLOADS`) as attachments, each counted before it is served
 * (workers/shop/downloads.ts). The link's own page, /downloads/{token}, is a React Router
 * page (app/routes/download.tsx); both are one visitor's secret, so every answer under
 * /downloads is private, unindexed and sends no referrer.
 *
 * The token is a secret: nothing here logs it, and a fault is logged by its kind only
 * (the server's catch-all would log the path, which carries it).
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { html } from "hono/html";
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_REFUSALS,
  DOWNLOAD_UNAVAILABLE,
  downloadFileName,
  downloadPath,
  isDownloadFormat,
  type DownloadFormat,
} from "../app/shared/downloads";
import { errorKind } from "../app/shared/errors";
import { orderPagePath } from "../app/shared/orders";
import { isUnavailable, retryShortly } from "./edge/errors";
import { plainPage } from "./edge/plain-page";
import { ORDER_PAGE, overLimit, tooManyRequestsPage } from "./edge/rate-limits";
import type { AppEnv } from "./request-context";
import type { GrantRef } from "./shop/downloads";

/**
 * Any path that carries a link's secret, as React Router would match it (any letter case;
 * Hono's path is already percent-decoded): a download link's page or file, an order's own
 * page (docs/decisions/0021), its data request (`/orders/<token>.data`) or a file of it, a
 * partner's sign-in link (`/login/<token>`, not /login itself).
 */
const UNDER_PRIVATE_LINKS = /^\/(?:(?:downloads|orders)(?:\/|$)|login\/[^/])/i;

/**
 * Every answer under /downloads and /orders: never kept by anyone, never indexed, and no
 * referrer, so the token in the address never travels to another site.
 */
export const privateLinks: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!UNDER_PRIVATE_LINKS.test(c.req.path)) return;
  c.res.headers.set("Cache-Control", "private, no-store");
  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  c.res.headers.set("Referrer-Policy", "no-referrer");
};

type Refusal = { status: 404 | 410 | 503; title: string; lede: string };

/** The page a refusal links back to: the download link's own page, or the order's. */
type Back = { href: string; label: string };

/**
 * A file a link does not serve: a short page in the shop's words, with the way back (the
 * link's own page says more). Its few styles carry the response's nonce. No body for HEAD.
 */
function refused(c: Context<AppEnv>, { status, title, lede }: Refusal, to: Back | null) {
  const then = to ? html`<p><a href="${to.href}">${to.label}</a> · <a href="/">Back to the shop</a></p>` : html`<p><a href="/">Back to the shop</a></p>`;
  return plainPage(c, { status, title, lede, then });
}

/** The answer that serves a file: an attachment under the product's own file name, whose bytes may be asked for in parts. */
function fileHeaders(slug: string, format: DownloadFormat, size: number) {
  return {
    "Content-Type": DOWNLOAD_FORMATS[format].contentType,
    "Content-Length": String(size),
    "Content-Disposition": `attachment; filename="${downloadFileName(slug, format)}"`,
    "Accept-Ranges": "bytes",
  };
}

/** A `Range: bytes=…` header of one range: from `start` to `end` (inclusive, null: to the end), or the last `suffix` bytes. */
type ByteRange = { start: number; end: number | null } | { suffix: number };

/** The one range a `Range` header asks for; null when it asks for none, or for several, or in a form not understood (then the whole file is served, as RFC 9110 allows). */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = header?.trim().match(/^bytes=(\d{0,15})-(\d{0,15})$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] === "" ? null : Number(match[2]);
  return end !== null && end < start ? null : { start, end };
}

/** The bytes a range covers in a file of `size` bytes; null when it covers none (416). */
function resolveRange(range: ByteRange, size: number): { offset: number; length: number } | null {
  if ("suffix" in range) return range.suffix === 0 || size === 0 ? null : { offset: Math.max(0, size - range.suffix), length: Math.min(range.suffix, size) };
  if (range.start >= size) return null;
  const last = Math.min(range.end ?? size - 1, size - 1);
  return { offset: range.start, length: last - range.start + 1 };
}

/**
 * Serves the file `format` of the grant `ref` names: GET counts one file and streams it;
 * HEAD says what GET would serve and counts nothing. A `Range` is answered 206 with those
 * bytes, and only a request that starts at byte 0 counts a download: a player or a download
 * manager asking for the rest of a file spends nothing more. A token of the wrong shape is
 * never looked up (the shop checks TOKEN_SHAPE first). `back` is the page a refusal links
 * back to (null: the shop's home only).
 */
async function serveGrantFile(c: Context<AppEnv>, ref: GrantRef, format: string, back: Back | null) {
  const shop = c.var.shop;
  if (!isDownloadFormat(format)) return refused(c, DOWNLOAD_REFUSALS.unknown, null);
  const range = c.req.method === "GET" ? parseRange(c.req.header("Range")) : null;
  let counted = false;
  try {
    if (c.req.method === "HEAD" || range) {
      const state = await shop.downloads.downloadState(ref);
      if (state.status !== "ready") return refused(c, DOWNLOAD_REFUSALS[state.status], state.status === "unknown" || !range ? null : back);
      const key = downloadFileName(state.product.slug, format);
      const object = await c.env.DOWNLOADS.head(key);
      if (!object) return refused(c, DOWNLOAD_UNAVAILABLE, null);
      const headers = fileHeaders(state.product.slug, format, object.size);
      if (!range) return c.body(null, 200, headers);
      const bytes = resolveRange(range, object.size);
      if (!bytes) return c.body(null, 416, { "Content-Range": `bytes */${object.size}` });
      if (bytes.offset === 0) {
        const taken = await shop.downloads.takeDownload(ref);
        if (taken.status !== "counted") return refused(c, DOWNLOAD_REFUSALS[taken.status], taken.status === "unknown" ? null : back);
        counted = true;
      }
      const part = await c.env.DOWNLOADS.get(key, { range: bytes });
      if (!part) throw new Error("the file left the bucket");
      c.var.log("download_served", { productId: state.product.id, format, offset: bytes.offset, length: bytes.length });
      return c.body(part.body, 206, {
        ...headers,
        "Content-Length": String(bytes.length),
        "Content-Range": `bytes ${bytes.offset}-${bytes.offset + bytes.length - 1}/${object.size}`,
      });
    }
    const taken = await shop.downloads.takeDownload(ref);
    if (taken.status !== "counted") return refused(c, DOWNLOAD_REFUSALS[taken.status], taken.status === "unknown" ? null : back);
    counted = true;
    const object = await c.env.DOWNLOADS.get(downloadFileName(taken.product.slug, format));
    if (!object) {
      // The operator has not uploaded this file: the shopper keeps the download.
      c.var.log("download_file_missing", { productId: taken.product.id, format });
      throw new Error("the file is not in the bucket");
    }
    c.var.log("download_served", { productId: taken.product.id, format });
    shop.downloads.downloadServed(taken.orderId);
    return c.body(object.body, 200, fileHeaders(taken.product.slug, format, object.size));
  } catch (error) {
    c.var.log("download_failed", { format, ...errorKind(error) });
    // Counted but not served: the shopper keeps that download (the page says so).
    if (counted) await shop.downloads.giveBackDownload(ref).catch(() => undefined);
    // R2 or D1 did not answer this time: worth asking again in a few seconds.
    if (isUnavailable(error)) retryShortly(c);
    return refused(c, DOWNLOAD_UNAVAILABLE, null);
  }
}

/** A download link's file: /downloads/{token}/{format}. */
function serveFile(c: Context<AppEnv>) {
  const { token, format } = c.req.param() as { token: string; format: string };
  return serveGrantFile(c, token, format, { href: downloadPath(token), label: "Back to your download" });
}

/**
 * A file of an order's download, from the order's own page: /orders/{token}/downloads/{productId}/{format}.
 * The page cannot know the download link's token (D1 keeps its hash), so the order's link
 * token and the product name the same grant, under the same rules (expiry, count).
 */
function serveOrderFile(c: Context<AppEnv>) {
  const { token, productId, format } = c.req.param() as { token: string; productId: string; format: string };
  if (!/^[1-9]\d{0,8}$/.test(productId)) return refused(c, DOWNLOAD_REFUSALS.unknown, null);
  return serveGrantFile(c, { orderToken: token, productId: Number(productId) }, format, { href: orderPagePath(token), label: "Back to your order" });
}

/** The files of download links (the page itself falls through to React Router). */
export function createDownloads() {
  return new Hono<AppEnv>().on(["GET", "HEAD"], "/:token/:format", serveFile);
}

/** The files of an order's downloads, under its own page (mounted at /orders; the page itself is React Router's). */
export function createOrderDownloads() {
  return new Hono<AppEnv>().on(["GET", "HEAD"], "/:token/downloads/:productId/:format", serveOrderFile);
}

/** An order's own page (app/routes/order.tsx), its data request or a file of it, in any letter case. */
const UNDER_ORDERS = /^\/orders(?:\/|$)/i;

/**
 * Every request for an order's own page, reads too, meets the order page's limit per
 * client address: the link needs no sign-in, so each one is a D1 trip anyone may ask for.
 */
export const limitOrderPages: MiddlewareHandler<AppEnv> = async (c, next) =>
  UNDER_ORDERS.test(c.req.path) && (await overLimit(c, ORDER_PAGE)) ? tooManyRequestsPage(c) : next();
