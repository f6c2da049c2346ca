/**
 * An order as an agent may read it (UCP's order capability): once placed, whatever became
 * of it, with its lines (in the cart's order) and its timeline (workers/shop/orders/read.ts).
 */
import { loadCatalog } from "../catalog";
import type { ShopDeps } from "../deps";
import { readPlacedOrder, type OrderLine, type PlacedOrderRead } from "../orders/read";

/**
 * The order by the internal id a completed checkout session holds, or by the link token an
 * agent was given. The token is the right to read it, as it is for the order's page; any
 * other shape is none. `shipped` are the lines a parcel carries (a download is not shipped).
 */
export async function readAgentOrder(
  deps: ShopDeps,
  ref: { orderId: string } | { token: string },
): Promise<(PlacedOrderRead & { shipped: OrderLine[] }) | null> {
  const read = await readPlacedOrder(deps.db, "token" in ref ? { token: ref.token } : { id: ref.orderId });
  if (!read) return null;
  const { products } = await loadCatalog(deps);
  const digital = new Set(products.filter((p) => p.digital).map((p) => p.id));
  return { ...read, shipped: read.lines.filter((line) => !digital.has(line.productId)) };
}
