/**
 * Recommendations, with each visitor's own state: unviewed -> viewed (shown) ->
 * clicked (View Product pressed). Clicking also counts as viewing.
 */
import { eq, sql } from "drizzle-orm";
import * as t from "../db/schema";
import { loadCatalog, type Product } from "./catalog";
import type { ShopDeps } from "./deps";
import { notFound } from "../../app/shared/errors";

export type Recommendation = {
  id: number;
  viewed: boolean;
  clicked: boolean;
  reason: string;
  product: Product;
};

export async function listRecommendations(deps: ShopDeps): Promise<Recommendation[]> {
  const catalog = await loadCatalog(deps);
  const sessionId = deps.visitor.existingId;
  const states = sessionId ? await deps.db.select().from(t.recommendationStates).where(eq(t.recommendationStates.sessionId, sessionId)) : [];
  const stateOf = new Map(states.map((s) => [s.recommendationId, s]));
  const productOf = new Map(catalog.products.map((p) => [p.id, p]));
  return catalog.recommendations.flatMap((r) => {
    const product = productOf.get(r.productId);
    if (!product) return [];
    const state = stateOf.get(r.id);
    return [{ id: r.id, viewed: Boolean(state?.viewedAt), clicked: Boolean(state?.clickedAt), reason: r.reason, product }];
  });
}

async function record(deps: ShopDeps, recommendationId: number, clicked: boolean): Promise<Recommendation> {
  const catalog = await loadCatalog(deps);
  if (!catalog.recommendations.some((r) => r.id === recommendationId)) {
    throw notFound("That recommendation doesn't exist.");
  }
  const now = sql`CURRENT_TIMESTAMP`;
  await deps.db
    .insert(t.recommendationStates)
    .values({ sessionId: deps.visitor.id(), recommendationId, viewedAt: now, clickedAt: clicked ? now : null })
    .onConflictDoUpdate({
      target: [t.recommendationStates.sessionId, t.recommendationStates.recommendationId],
      set: {
        viewedAt: sql`coalesce(${t.recommendationStates.viewedAt}, CURRENT_TIMESTAMP)`,
        clickedAt: clicked ? sql`coalesce(${t.recommendationStates.clickedAt}, CURRENT_TIMESTAMP)` : sql`${t.recommendationStates.clickedAt}`,
      },
    });
  const all = await listRecommendations(deps);
  return all.find((r) => r.id === recommendationId)!;
}

export const markRecommendationViewed = (deps: ShopDeps, id: number) => record(deps, id, false);
export const markRecommendationClicked = (deps: ShopDeps, id: number) => record(deps, id, true);
