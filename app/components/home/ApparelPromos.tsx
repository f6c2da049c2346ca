/**
 * The apparel promo blocks (spec section 2): each a price-tagged shop link, most with a video
 * dialog. Prices come from the catalog through the loader; a block whose product is gone
 * from the catalog is not shown.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Video } from "~/components/ui/Dialog";
import { VIDEOS, type Video as VideoContent } from "~/content/media";
import { formatPrice } from "~/shared/money";
import { button, visuallyHidden } from "~/styles/ui.css";
import { DialogButton } from "./DialogButton";
import * as home from "./home.css";
import * as css from "./apparel-promos.css";
import type { ApparelPromoPrices, ApparelPromoSlug } from "./apparel-tabs";

const TANK_SIZES = ["XS", "S", "M", "L", "XL"];
const TANK_COLOURS = [
  { name: "Pink", swatch: "pink" },
  { name: "Black", swatch: "black" },
  { name: "Grey", swatch: "grey" },
] as const;

const LIFE_TEE_PLATFORMS = ["Spotify", "Apple Music", "YouTube Music", "TikTok"];
const LIFE_TEE_STREAM_URL = "https://open.spotify.com/artist/rawdogg";

/** What a block says, and the video its dialog plays. */
type PromoCopy = {
  eyebrow: string;
  title: string;
  text: string;
  badge?: string;
  video?: { label: "Watch Video" | "Watch Ad"; content: VideoContent; extra?: ReactNode };
  children?: ReactNode;
};

type PromoBlockProps = PromoCopy & {
  image: { src: string; width: number; height: number };
  shop: { href: string; label: string; price?: number };
  wide?: boolean;
};

function PromoBlock({ eyebrow, title, text, image, shop, badge, wide = false, video, children }: PromoBlockProps) {
  return (
    <article className={wide ? `${css.block} ${css.wide}` : css.block} aria-label={title} data-testid="apparel-promo">
      <div className={css.art}>
        <img className={css.image} src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
        {badge && <span className={`${home.newBadge} ${css.badge}`}>{badge}</span>}
      </div>
      <div className={css.body}>
        <p className={home.eyebrow}>{eyebrow}</p>
        <h3 className={css.title}>{title}</h3>
        <p className={css.text}>{text}</p>
        {children}
        <div className={home.actions}>
          <Link to={shop.href} className={shop.price === undefined ? button.primary : `${button.primary} ${css.pricedShopLink}`} prefetch="intent">
            {shop.label}
            {shop.price !== undefined && <span className={css.priceTag}>{formatPrice(shop.price)}</span>}
          </Link>
          {video && (
            <DialogButton
              id={`video-dialog-${video.content.id}`}
              label={video.label}
              ariaLabel={`${video.label}: ${title}`}
              title={video.content.title}
              playOnOpen
            >
              <Video video={video.content} />
              <p className={home.dialogText}>{video.content.description}</p>
              {video.extra}
            </DialogButton>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A block that sells one product: its picture and page follow from its slug, its price from
 * the catalog; a product gone from the catalog has no block.
 */
function ProductPromo({ slug, prices, shopLabel, ...block }: { slug: ApparelPromoSlug; prices: ApparelPromoPrices; shopLabel: string } & PromoCopy) {
  const price = prices[slug];
  if (price === undefined) return null;
  const image = { src: `/images/products/${slug}.svg`, width: 800, height: 800 };
  return <PromoBlock {...block} image={image} shop={{ href: `/products/${slug}`, label: shopLabel, price }} />;
}

const watch = (content: VideoContent, extra?: ReactNode) => ({ label: "Watch Video" as const, content, extra });

/** The tank's sizes and colours, as chips. */
function TankOptions() {
  return (
    <dl className={css.options}>
      <div className={css.optionRow}>
        <dt className={css.optionLabel}>Sizes</dt>
        <dd className={css.optionValues}>
          {TANK_SIZES.map((size) => (
            <span key={size} className={home.chip}>
              {size}
            </span>
          ))}
        </dd>
      </div>
      <div className={css.optionRow}>
        <dt className={css.optionLabel}>Colours</dt>
        <dd className={css.optionValues}>
          {TANK_COLOURS.map((colour) => (
            <span key={colour.name} className={home.chip}>
              <span className={css.swatch[colour.swatch]} aria-hidden="true" />
              {colour.name}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}

/** Where to stream 'Raw Dogg Life': said in the video's dialog. */
function StreamLifeTee() {
  return (
    <>
      <p className={home.dialogText}>Stream 'Raw Dogg Life' on:</p>
      <ul className={css.platforms}>
        {LIFE_TEE_PLATFORMS.map((platform) => (
          <li key={platform} className={home.chip}>
            {platform}
          </li>
        ))}
      </ul>
      <div className={home.actions}>
        <a href={LIFE_TEE_STREAM_URL} target="_blank" rel="noopener noreferrer" className={button.secondary}>
          Stream Now <span aria-hidden="true">↗</span>
          <span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
      </div>
    </>
  );
}

export function ApparelPromos({ prices }: { prices: ApparelPromoPrices }) {
  return (
    <div className={css.promos}>
      <ProductPromo
        slug="black-white-raw-dogg-tshirt"
        prices={prices}
        shopLabel="Shop the tee"
        video={watch(VIDEOS.teeBlackWhite)}
        eyebrow="Women's"
        title="Black & White Raw Dogg Tee"
        text="Heavyweight cotton, a relaxed cut and the black-and-white print that started it all."
      />
      <ProductPromo
        slug="raw-dogg-performance-tank"
        prices={prices}
        shopLabel="Shop the tank"
        video={watch(VIDEOS.performanceTank)}
        badge="NEW"
        eyebrow="Performance"
        title="Raw Dogg Performance Tank"
        text="Moisture-wicking four-way stretch, cut for the gym and the after-party."
      >
        <TankOptions />
      </ProductPromo>
      <PromoBlock
        wide
        eyebrow="Men's collection"
        title="Men's Tees & Pants"
        text="Heavyweight logo tees, pocket tees and tapered joggers for the whole pound."
        image={{ src: "/images/promo/mens-collection.svg", width: 1200, height: 600 }}
        shop={{ href: "/apparel?category=mens", label: "Shop men's" }}
        video={{ label: "Watch Ad", content: VIDEOS.mensCollection }}
      />
      <ProductPromo
        slug="raw-dogg-life-womens-tshirt"
        prices={prices}
        shopLabel="Shop the tee"
        video={watch(VIDEOS.lifeTee, <StreamLifeTee />)}
        eyebrow="From the music video"
        title="Raw Dogg Life Women's Tee"
        text="The tee from the 'Raw Dogg Life' video. Wear the song, then stream it."
      >
        <a href={LIFE_TEE_STREAM_URL} target="_blank" rel="noopener noreferrer" className={css.streamLink}>
          Stream the song <span aria-hidden="true">↗</span>
          <span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
      </ProductPromo>
      <ProductPromo
        slug="raw-dogg-classic-t-women"
        prices={prices}
        shopLabel="Shop the tee"
        eyebrow="Women's"
        title="Raw Dogg Classic T for Women"
        text="The everyday fitted tee with the classic Raw Dogg logo. Goes with everything, especially confidence."
      />
    </div>
  );
}
