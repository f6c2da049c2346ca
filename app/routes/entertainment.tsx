/**
 * Entertainment (linked from the home page's entertainment section and the footer): the
 * animated short, the single 'Welcome to the Pound' at the catalog's price, the three
 * tracks, and the coming-soon animated series, from the shared ~/content/entertainment data.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterSignup } from "~/components/forms/NewsletterSignup";
import * as ent from "~/components/info/entertainment.css";
import * as css from "~/components/info/info.css";
import { Card, InfoPage, Section } from "~/components/info/InfoPage";
import { Dialog, DialogOpener, Video } from "~/components/ui/Dialog";
import { getShop } from "~/context.server";
import { ANIMATED_SERIES, ANIMATED_SHORT, SINGLE, TRACKS, type SinglePrice, type Track } from "~/content/entertainment";
import { VIDEOS } from "~/content/media";
import { nullWhenNotFound } from "~/shared/errors";
import { formatPrice } from "~/shared/money";
import { seoMeta } from "~/lib/seo";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/entertainment";

/** The single's price is the catalog's; a single it does not sell has no price and no Buy link. */
export async function loader({ context }: Route.LoaderArgs) {
  const single = await getShop(context).catalog.getProductBySlug(SINGLE.slug).catch(nullWhenNotFound);
  return { singlePrice: (single?.price ?? null) satisfies SinglePrice };
}

export const meta: Route.MetaFunction = (args) => {
  const price = args.loaderData?.singlePrice;
  const forSale = price === null || price === undefined ? "" : `, ${formatPrice(price)}`;
  return seoMeta(args, {
    title: "Entertainment",
    description:
      `Raw Dogg entertainment: the animated short, the single '${SINGLE.title}' (out ${SINGLE.dropDate}${forSale}), ` +
      "new music and the coming-soon animated series.",
  });
};

const NOTIFY_ID = "get-notified";

type FeatureProps = { titleId: string; title: string; badge: ReactNode; art: ReactNode; reverse?: boolean; children: ReactNode };

/** A feature block: the art beside a badge, a title and the text (`reverse` gives the text the wider column). */
function Feature({ titleId, title, badge, art, reverse = false, children }: FeatureProps) {
  return (
    <article className={reverse ? `${ent.feature} ${ent.featureReverse}` : ent.feature} aria-labelledby={titleId}>
      {art}
      <div className={ent.featureText}>
        {badge}
        <h3 id={titleId} className={ent.featureTitle}>
          {title}
        </h3>
        {children}
      </div>
    </article>
  );
}

const SHORT_DIALOG_ID = "dialog-animated-short";

function AnimatedShort() {
  return (
    <Section id="animated-short" title="The Animated Short">
      <Feature
        titleId="short-title"
        title={ANIMATED_SHORT.title}
        badge={<span className={css.badge.accent}>Animated short</span>}
        art={
          <img
            src={ANIMATED_SHORT.image}
            alt="The Raw Dogg mascot under city lights, a still from the animated short"
            width={1200}
            height={600}
            className={ent.featureMedia}
          />
        }
      >
        <p className={css.cardText}>{ANIMATED_SHORT.description}</p>
        <div className={css.buttonRow}>
          <DialogOpener dialogId={SHORT_DIALOG_ID} className={button.primary}>
            Watch Teaser
          </DialogOpener>
        </div>
      </Feature>
      <Dialog id={SHORT_DIALOG_ID} title={ANIMATED_SHORT.title}>
        <p>{ANIMATED_SHORT.dialogText}</p>
        <p className={css.cardText}>Until then, here is the teaser:</p>
        <Video video={VIDEOS.animatedShort} />
      </Dialog>
    </Section>
  );
}

function TheSingle({ price }: { price: SinglePrice }) {
  return (
    <Section id="single" title="The Single">
      <Feature
        reverse
        titleId="single-title"
        title={SINGLE.title}
        badge={<span className={css.badge.gold}>New single</span>}
        art={<img src={SINGLE.cover} alt={`Cover art of the single ${SINGLE.title}`} width={800} height={800} className={ent.cover} />}
      >
        <p className={ent.artist}>{SINGLE.artist}</p>
        <p className={css.cardText}>{SINGLE.description}</p>
        <ul className={ent.facts}>
          <li className={css.badge.plain}>Drops {SINGLE.dropDate}</li>
          <li className={css.badge.plain}>Digital download</li>
        </ul>
        {price !== null && (
          <>
            <p className={ent.price}>{formatPrice(price)}</p>
            <div className={css.buttonRow}>
              <Link prefetch="intent" to={SINGLE.buyUrl} className={button.gold}>
                Buy the Single, {formatPrice(price)}
              </Link>
            </div>
          </>
        )}
      </Feature>
    </Section>
  );
}

/** A track's stream or pre-save link, which opens the platform in a new tab. */
function TrackLink({ track }: { track: Track }) {
  return (
    <a
      href={track.link.url}
      className={track.link.label === "Pre-Save" ? button.secondary : button.primary}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${track.link.label}: ${track.title} (opens in a new tab)`}
    >
      {track.link.label}
    </a>
  );
}

function Tracks() {
  return (
    <Section id="music" title="Music">
      <ul className={ent.tracks}>
        {TRACKS.map((track) => (
          <Card
            key={track.id}
            before={<img src={track.cover} alt={`Cover art of ${track.title}`} width={600} height={600} className={ent.trackCover} loading="lazy" />}
            title={track.title}
            footer={<TrackLink track={track} />}
          >
            <p className={ent.artist}>{track.artist}</p>
            <p className={css.cardText}>{track.description}</p>
            {track.dateLabel && <span className={css.badge.gold}>{track.dateLabel}</span>}
          </Card>
        ))}
      </ul>
    </Section>
  );
}

function ComingSoonSeries() {
  return (
    <Section id="series" title="Coming Soon">
      <Feature
        titleId="series-title"
        title={ANIMATED_SERIES.title}
        badge={<span className={css.badge.accent}>Animated series · Coming soon</span>}
        art={
          <img
            src={ANIMATED_SERIES.image}
            alt="Poster for the upcoming Raw Dogg animated series"
            width={1200}
            height={600}
            className={ent.featureMedia}
            loading="lazy"
          />
        }
      >
        <p className={css.cardText}>{ANIMATED_SERIES.description}</p>
        <p className={css.cardText}>{ANIMATED_SHORT.dialogText}</p>
        <div className={css.buttonRow}>
          <a href={`${ANIMATED_SERIES.notifyUrl}#${NOTIFY_ID}`} className={button.secondary}>
            Get Notified
          </a>
        </div>
      </Feature>
    </Section>
  );
}

export default function Entertainment({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage
      eyebrow="Raw Dogg Entertainment"
      title="Entertainment"
      lede="The dogg doesn't just dress the part. Cartoons, club anthems and late-night R&B from the Raw Dogg universe, with more on the way."
    >
      <AnimatedShort />
      <TheSingle price={loaderData.singlePrice} />
      <Tracks />
      <ComingSoonSeries />
      <div id={NOTIFY_ID} className={ent.notify}>
        <NewsletterSignup />
      </div>
    </InfoPage>
  );
}
