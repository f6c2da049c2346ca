/**
 * The featured creators grid on /creators (spec section 2): each approved, featured
 * creator with the first portfolio URL as the picture and the bio cut to 30 characters.
 */
import { SocialIcon } from "~/components/icons";
import type { FeaturedCreator } from "~/lib/types";
import { useSiteOrigin } from "~/lib/seo";
import { staggeredItem } from "~/styles/recipes.css";
import { visuallyHidden } from "~/styles/ui.css";
import { CREATOR_BIO_LENGTH } from "~/content/programmes";
import * as css from "./programmes.css";

/** The bio cut to 30 characters, with an ellipsis when something was cut. */
export const shortBio = (bio: string) => (bio.length > CREATOR_BIO_LENGTH ? `${bio.slice(0, CREATOR_BIO_LENGTH)}...` : bio);

const HANDLE_LABELS = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube", twitter: "Twitter" } as const;

/**
 * The first portfolio URL as the creator's picture (spec section 2), when it is a picture the
 * shop serves itself. Applicants give pages on other sites; the pages' CSP loads images from
 * the shop alone, so anything else would be a broken image: their initial stands in.
 */
function pictureOf(creator: FeaturedCreator, origin: string): string | null {
  const first = creator.portfolioUrls[0];
  if (!first) return null;
  if (first.startsWith("/") && !first.startsWith("//")) return first;
  try {
    const url = new URL(first);
    return url.origin === origin ? first : null;
  } catch {
    return null;
  }
}

export function FeaturedCreators({ creators }: { creators: readonly FeaturedCreator[] }) {
  const origin = useSiteOrigin();
  if (creators.length === 0) {
    return <p className={css.empty}>Our first featured creators are being picked. Yours could be the first face here.</p>;
  }
  return (
    <ul className={css.creators} aria-label="Featured creators">
      {creators.map((creator) => {
        const image = pictureOf(creator, origin);
        const handles = Object.entries(creator.socialLinks ?? {}).filter(
          (entry): entry is [keyof typeof HANDLE_LABELS, string] => entry[0] in HANDLE_LABELS && Boolean(entry[1]),
        );
        return (
          <li key={creator.id} className={`${css.creatorCard} ${staggeredItem}`}>
            {image ? (
              <img className={css.creatorImage} src={image} alt={creator.name} width={480} height={480} />
            ) : (
              <span className={css.creatorMonogram} aria-hidden="true">
                {creator.name.trim().charAt(0).toUpperCase()}
              </span>
            )}
            <div className={css.creatorBody}>
              <h3 className={css.creatorName}>{creator.name}</h3>
              <p className={css.creatorBio} title={creator.bio}>
                {shortBio(creator.bio)}
              </p>
              {handles.length > 0 ? (
                <ul className={css.creatorHandles} aria-label={`${creator.name} on social media`}>
                  {handles.map(([network, handle]) => (
                    <li key={network} className={css.handle}>
                      <SocialIcon name={network} size={14} />
                      <span className={visuallyHidden}>{HANDLE_LABELS[network]} </span>
                      {handle}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
