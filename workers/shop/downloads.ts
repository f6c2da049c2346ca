/**
 * What an order bought digitally (the single), delivered by a link: the token in it is
 * 256 random bits that only the success screen and the order's email ever hold (D1 keeps
 * its SHA-256), good for DOWNLOAD_DAYS days and MAX_DOWNLOADS files. The order's own page
 * reaches the same grant by the order's link token and the product (it never sees the
 * download token): one grant, one count, whichever door it is taken through.
 *
 * A file is counted before it is served, by one conditional UPDATE that only succeeds
 * while the link is live and has files left (D1 runs one write at a time): however many
 * requests arrive at once, a link never serves more than its limit.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { errorKind } from "../../app/shared/errors";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";
import { settlePartnersOf } from "./partners/ledger";
import { tokenHash, TOKEN_SHAPE } from "./tokens";

// The rules are browser-safe, for the pages that state them.
export { DOWNLOAD_DAYS, MAX_DOWNLOADS } from "../../app/shared/downloads";

/** A link an order's success screen and email give for one digital product. */
export type DownloadLink = { productId: number; name: string; token: string };

/** The product a link delivers, as its page and its files name it. */
export type DownloadProduct = { id: number; name: string; slug: string; imageUrl: string };

/**
 * Where a link stands: `ready` with what it delivers and allows; `unknown` for a token no
 * order holds (or one of the wrong shape); `expired` past its date; `used-up` once it has
 * served its files.
 */
export type DownloadState =
  { status: "ready"; product: DownloadProduct; downloadsLeft: number; maxDownloads: number; expiresAt: string } | { status: "unknown" | "expired" | "used-up" };

/** What a request for a file got: counted (serve it; the order it was bought in), or why not. */
export type DownloadTaken = { status: "counted"; product: DownloadProduct; orderId: string } | { status: "unknown" | "expired" | "used-up" };

const g = t.downloadGrants;
const live = sql`${g.expiresAt} > datetime('now')`;
const hasFilesLeft = sql`${g.downloads} < ${g.maxDownloads}`;

/**
 * Which grant a request names: a download link's token, or the order's link token
 * (`/orders/<token>`, docs/decisions/0021) with the product it bought.
 */
export type GrantRef = string | { orderToken: string; productId: number };

/** The WHERE that picks the grant `ref` names; null for a token of the wrong shape (never queried). */
async function grantWhere({ db }: ShopDeps, ref: GrantRef) {
  if (typeof ref === "string") return TOKEN_SHAPE.test(ref) ? eq(g.tokenHash, await tokenHash(ref)) : null;
  if (!TOKEN_SHAPE.test(ref.orderToken) || !Number.isSafeInteger(ref.productId)) return null;
  return and(eq(g.productId, ref.productId), inArray(g.orderId, db.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.accessToken, ref.orderToken))));
}

/** The link's grant with its product, and whether it is still live (by D1's clock). */
const grantQuery = ({ db }: ShopDeps, where: SQL) =>
  db
    .select({
      product: { id: t.products.id, name: t.products.name, slug: t.products.slug, imageUrl: t.products.imageUrl },
      orderId: g.orderId,
      downloads: g.downloads,
      maxDownloads: g.maxDownloads,
      expiresAt: g.expiresAt,
      live: sql<number>`${live}`,
    })
    .from(g)
    .innerJoin(t.products, eq(t.products.id, g.productId))
    .where(where);

type GrantRow = Awaited<ReturnType<typeof grantQuery>>[number];

function stateOf(row: GrantRow | undefined): DownloadState {
  if (!row) return { status: "unknown" };
  if (!row.live) return { status: "expired" };
  if (row.downloads >= row.maxDownloads) return { status: "used-up" };
  return { status: "ready", product: row.product, downloadsLeft: row.maxDownloads - row.downloads, maxDownloads: row.maxDownloads, expiresAt: row.expiresAt };
}

/** Where the grant `ref` names stands, without counting anything (the download page, a HEAD request). */
export async function downloadState(deps: ShopDeps, ref: GrantRef): Promise<DownloadState> {
  const where = await grantWhere(deps, ref);
  if (!where) return { status: "unknown" };
  const [row] = await grantQuery(deps, where);
  return stateOf(row);
}

/**
 * Counts one file on the grant `ref` names, in one conditional statement, and says what to
 * serve; when it could not count, why not. One round trip: the grant is read in the same
 * batch, after the update.
 */
export async function takeDownload(deps: ShopDeps, ref: GrantRef): Promise<DownloadTaken> {
  const where = await grantWhere(deps, ref);
  if (!where) return { status: "unknown" };
  const { db } = deps;
  const [counted, [row]] = await db.batch([
    db
      .update(g)
      .set({ downloads: sql`${g.downloads} + 1` })
      .where(and(where, hasFilesLeft, live))
      .returning({ downloads: g.downloads }),
    grantQuery(deps, where),
  ]);
  if (counted.length === 1 && row) return { status: "counted", product: row.product, orderId: row.orderId };
  const state = stateOf(row);
  // Used up by the request that won the last file, or expired meanwhile: never `ready` here.
  return { status: state.status === "ready" ? "used-up" : state.status };
}

/** Gives back a file counted but not served (its object is missing from the bucket). */
export async function giveBackDownload(deps: ShopDeps, ref: GrantRef): Promise<void> {
  const where = await grantWhere(deps, ref);
  if (!where) return;
  await deps.db
    .update(g)
    .set({ downloads: sql`${g.downloads} - 1` })
    .where(and(where, sql`${g.downloads} > 0`));
}

/**
 * A file of order `orderId` was served: an order of downloads only now counts as delivered,
 * so its partner's commission turns payable (docs/decisions/0026). After the answer, never
 * slowing the download; a failure is logged, and the ledger heals at its next settling.
 */
export function downloadServed(deps: ShopDeps, orderId: string): void {
  deps.waitUntil(settlePartnersOf(deps, [orderId]).catch((error: unknown) => deps.log("partner_ledger_unsettled", { orderId, ...errorKind(error) })));
}
