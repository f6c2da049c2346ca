/** Six post tiles, each linking to the brand's profile on its platform, then all five profiles. */
import { SocialIcon } from "~/components/icons";
import { SOCIAL_LINKS, type SocialLink } from "~/lib/social";
import { HomeSection } from "./HomeSection";
import * as css from "./social.css";

type SocialPost = { id: number; imageUrl: string; platform: "instagram" | "tiktok" };

export const SOCIAL_POSTS: SocialPost[] = [
  { id: 1, imageUrl: "/images/social/post-1.svg", platform: "instagram" },
  { id: 2, imageUrl: "/images/social/post-2.svg", platform: "tiktok" },
  { id: 3, imageUrl: "/images/social/post-3.svg", platform: "instagram" },
  { id: 4, imageUrl: "/images/social/post-4.svg", platform: "tiktok" },
  { id: 5, imageUrl: "/images/social/post-5.svg", platform: "instagram" },
  { id: 6, imageUrl: "/images/social/post-6.svg", platform: "tiktok" },
];

const profileOf = (platform: SocialPost["platform"]) => SOCIAL_LINKS.find((link) => link.icon === platform) as SocialLink;

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

export function SocialSection() {
  return (
    <HomeSection name="social" eyebrow="Social" title="Follow the Pound" lede="Drops, behind the scenes and the best of the community, every day.">
      <ul className={css.tiles} aria-label="Recent posts">
        {SOCIAL_POSTS.map((post) => {
          const profile = profileOf(post.platform);
          return (
            <li key={post.id}>
              <a href={profile.url} {...external} className={css.tile} data-testid="social-tile" data-platform={post.platform}>
                <span className={css.tileMedia}>
                  <img
                    className={css.tileImage}
                    src={post.imageUrl}
                    alt={`${profile.name} post ${post.id}`}
                    width={600}
                    height={600}
                    loading="lazy"
                    decoding="async"
                  />
                </span>
                <span className={css.tag} aria-hidden="true">
                  <SocialIcon name={post.platform} size={14} />
                  {post.platform}
                </span>
                <span className={css.newTab}> (opens {profile.pageTitle} in a new tab)</span>
              </a>
            </li>
          );
        })}
      </ul>

      <ul className={css.profiles} aria-label="Our profiles">
        {SOCIAL_LINKS.map((link) => (
          <li key={link.name}>
            <a href={link.url} {...external} className={css.profile}>
              <span className={css.profileIcon}>
                <SocialIcon name={link.icon} />
              </span>
              <span className={css.profileText}>
                <span className={css.profileName}>{link.name}</span>
                <span className={css.handle}>{link.handle}</span>
              </span>
              <span className={css.newTab}> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
