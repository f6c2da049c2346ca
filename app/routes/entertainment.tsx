/**
 * Entertainment (linked from the home page's entertainment section and the footer): the
 * animated short, the single 'Welcome to the Pound', the three tracks, and the coming-soon
 * animated series, from the shared ~/content/entertainment data.
 */
import { useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterSignup } from "~/components/forms/NewsletterSignup";
import * as ent from "~/components/info/entertainment.css";
import * as css from "~/components/info/info.css";
import { Card, InfoPage, Section } from "~/components/info/InfoPage";
import { Dialog, Video } from "~/components/ui/Dialog";
import { ANIMATED_SERIES, ANIMATED_SHORT, SINGLE, TRACKS, type Track } from "~/content/entertainment";
import { VIDEOS } from "~/content/media";
import { formatPrice } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/entertainment";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Entertainment",
    description:
      `Raw Dogg entertainment: the animated short, the single '${SINGLE.title}' (out ${SINGLE.dropDate}, ${formatPrice(SINGLE.price)}), new music and the coming-soon animated series.`,
  });

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

function AnimatedShort() {
  const [open, setOpen] = useState(false);
  // Without JavaScript the link simply opens the teaser video file.
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <Section id="animated-short" title="The Animated Short">
      <Feature
        titleId="short-title"
        title={ANIMATED_SHORT.title}
        badge={<span className={css.badge.accent}>Animated short</span>}
        art={<img src={ANIMATED_SHORT.image} alt="The Raw Dogg mascot under city lights, a still from the animated short" width={1200} height={600} className={ent.featureMedia} />}
      >
        <p className={css.cardText}>{ANIMATED_SHORT.description}</p>
        <div className={css.buttonRow}>
          <a href={VIDEOS.animatedShort.src} className={button.primary} onClick={openDialog} aria-haspopup="dialog">
            Watch Teaser
          </a>
        </div>
      </Feature>
      <Dialog open={open} onClose={() => setOpen(false)} title={ANIMATED_SHORT.title}>
        <p>{ANIMATED_SHORT.dialogText}</p>
        <p className={css.cardText}>Until then, here is the teaser:</p>
        <Video video={VIDEOS.animatedShort} />
      </Dialog>
    </Section>
  );
}

function TheSingle() {
  const price = formatPrice(SINGLE.price);
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
        <p className={ent.price}>{price}</p>
        <div className={css.buttonRow}>
          <Link prefetch="intent" to={SINGLE.buyUrl} className={button.gold}>
            Buy the Single, {price}
          </Link>
        </div>
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
        art={<img src={ANIMATED_SERIES.image} alt="Poster for the upcoming Raw Dogg animated series" width={1200} height={600} className={ent.featureMedia} loading="lazy" />}
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

export default function Entertainment() {
  return (
    <InfoPage
      eyebrow="Raw Dogg Entertainment"
      title="Entertainment"
      lede="The dogg doesn't just dress the part. Cartoons, club anthems and late-night R&B from the Raw Dogg universe, with more on the way."
    >
      <AnimatedShort />
      <TheSingle />
      <Tracks />
      <ComingSoonSeries />
      <div id={NOTIFY_ID} className={ent.notify}>
        <NewsletterSignup />
      </div>
    </InfoPage>
  );
}
