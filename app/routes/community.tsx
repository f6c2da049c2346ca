/**
 * The community forum (spec section 2): a local search over the sample topics, featured
 * members, the Join The Community box, the Discussion Board (Recent, Hot, My Activity), and
 * the 5-star rating widget. Built-in sample data only: none of it reaches the server, and the
 * route has no loader, so even switching tabs makes no request.
 */
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CommunitySearch, DiscussionBoard, FeaturedMembers, JoinCommunity, RateCommunity } from "~/components/community/Community";
import * as css from "~/components/community/community.css";
import { InfoPage } from "~/components/info/InfoPage";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/community";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Community",
    description: "The Raw Dogg community forum: product reviews, events, relationships, introductions, crypto and fashion talk from the pound.",
  });

export default function Community() {
  const [searchParams] = useSearchParams();
  // The search runs in the browser; `?q=` only seeds it (and serves the search without JavaScript).
  const [query, setQuery] = useState(searchParams.get("q") ?? "");

  return (
    <InfoPage
      eyebrow="The Pound"
      title="Community Forum"
      lede="Real talk about protection, relationships, style and the Raw Dogg life. Ask anything, share what works, and meet the pound."
    >
      <CommunitySearch query={query} onQueryChange={setQuery} />
      <div className={css.layout}>
        <DiscussionBoard query={query} />
        <div className={css.sidebar}>
          <FeaturedMembers />
          <JoinCommunity />
          <RateCommunity />
        </div>
      </div>
    </InfoPage>
  );
}
