/**
 * Entertainment: the animated short, the single, the three tracks and the coming-soon
 * series. Every card has a dialog; the animated ones say video comes at launch. The
 * single's price is the catalog's; a single the catalog does not sell has no Buy link.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ANIMATED_SERIES, ANIMATED_SHORT, SINGLE, TRACKS, type SinglePrice, type Track } from "~/content/entertainment";
import { formatPrice } from "~/shared/money";
import { button, visuallyHidden } from "~/styles/ui.css";
import { DialogButton } from "./DialogButton";
import * as home from "./home.css";
import { HomeSection } from "./HomeSection";
import * as css from "./entertainment.css";

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

type CardProps = {
  kind: string;
  title: string;
  subtitle?: string;
  image: { src: string; width: number; height: number };
  description: string;
  date?: string;
  wide?: boolean;
  badge?: string;
  /** The dialog (its id, unique on the page), whose button reads `label`. */
  dialog: { id: string; label: string; body: ReactNode };
  children?: ReactNode;
};

function EntertainmentCard({ kind, title, subtitle, image, description, date, wide, badge, dialog, children }: CardProps) {
  return (
    <article className={wide ? `${css.card} ${css.wideCard}` : css.card} aria-label={title} data-testid="entertainment-card">
      <div className={wide ? css.wideArt : css.art}>
        <img className={css.image} src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
      </div>
      <div className={wide ? `${css.body} ${css.wideBody}` : css.body}>
        <div className={css.kindRow}>
          <p className={home.eyebrow}>{kind}</p>
          {badge && <span className={home.newBadge}>{badge}</span>}
        </div>
        <h3 className={css.title}>{title}</h3>
        {subtitle && <p className={css.subtitle}>{subtitle}</p>}
        {date && <p className={css.date}>{date}</p>}
        <p className={css.description}>{description}</p>
        <div className={`${home.actions} ${css.actions}`}>
          {children}
          <DialogButton id={dialog.id} label={dialog.label} ariaLabel={`${dialog.label}: ${title}`} title={title}>
            {dialog.body}
          </DialogButton>
        </div>
      </div>
    </article>
  );
}

/** What an animated card's dialog says until launch. */
function AnimatedDialog({ image, description }: { image: string; description: string }) {
  return (
    <>
      <img className={home.dialogImage} src={image} alt="" width={1200} height={600} loading="lazy" decoding="async" />
      <p className={home.dialogText}>{description}</p>
      <p className={css.launchNote}>{ANIMATED_SHORT.dialogText}</p>
    </>
  );
}

/** A wide card for an animated show, whose dialog says video comes at launch. */
type AnimatedCardProps = {
  kind: string;
  dialogId: string;
  show: { title: string; description: string; image: string };
  dialogLabel: string;
  badge?: string;
  children?: ReactNode;
};

function AnimatedCard({ kind, dialogId, show, dialogLabel, badge, children }: AnimatedCardProps) {
  const dialog = { id: dialogId, label: dialogLabel, body: <AnimatedDialog image={show.image} description={show.description} /> };
  return (
    <EntertainmentCard
      wide
      kind={kind}
      title={show.title}
      image={{ src: show.image, width: 1200, height: 600 }}
      description={show.description}
      badge={badge}
      dialog={dialog}
    >
      {children}
    </EntertainmentCard>
  );
}

type RecordCardProps = {
  kind: string;
  dialogId: string;
  record: { title: string; cover: string; description: string };
  artist: string;
  coverSize: number;
  date?: string;
  /** What the Details dialog says. */
  details: ReactNode;
  children?: ReactNode;
};

/** A card for a record: its cover, artist and date, and a Details dialog. */
function RecordCard({ kind, dialogId, record, artist, coverSize, date, details, children }: RecordCardProps) {
  const image = { src: record.cover, width: coverSize, height: coverSize };
  const dialog = { id: dialogId, label: "Details", body: details };
  return (
    <EntertainmentCard kind={kind} title={record.title} subtitle={artist} image={image} description={record.description} date={date} dialog={dialog}>
      {children}
    </EntertainmentCard>
  );
}

function SingleDetails({ price }: { price: SinglePrice }) {
  return (
    <>
      <p className={home.dialogText}>{SINGLE.description}</p>
      <p className={css.date}>Drops {SINGLE.dropDate}</p>
      {price !== null && (
        <div className={home.actions}>
          <Link to={SINGLE.buyUrl} className={button.primary} prefetch="intent">
            Buy the single · {formatPrice(price)}
          </Link>
        </div>
      )}
    </>
  );
}

function TrackDetails({ track }: { track: Track }) {
  return (
    <>
      <img className={css.dialogCover} src={track.cover} alt="" width={600} height={600} loading="lazy" decoding="async" />
      <p className={home.dialogText}>
        {track.artist}. {track.description}
      </p>
      {track.dateLabel && <p className={css.date}>{track.dateLabel}</p>}
      <div className={home.actions}>
        <a href={track.link.url} {...external} className={button.primary}>
          {track.link.label} <span aria-hidden="true">↗</span>
          <span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
      </div>
    </>
  );
}

export function EntertainmentSection({ singlePrice }: { singlePrice: SinglePrice }) {
  return (
    <HomeSection name="entertainment" eyebrow="Entertainment" title="Watch. Listen. Unleash." lede="Cartoons, club records and the soundtrack of the pound.">
      <div className={css.grid}>
        <AnimatedCard kind="Animated short" dialogId="dialog-animated-short" show={ANIMATED_SHORT} dialogLabel="Watch Now" />

        <RecordCard
          kind="The single"
          dialogId="dialog-single"
          record={SINGLE}
          artist={SINGLE.artist}
          coverSize={800}
          date={`Drops ${SINGLE.dropDate}`}
          details={<SingleDetails price={singlePrice} />}
        >
          {singlePrice !== null && (
            <Link to={SINGLE.buyUrl} className={button.primary} prefetch="intent">
              Buy <span className={css.priceTag}>{formatPrice(singlePrice)}</span>
            </Link>
          )}
        </RecordCard>

        {TRACKS.map((track) => (
          <RecordCard
            key={track.id}
            kind="Track"
            dialogId={`dialog-track-${track.id}`}
            record={track}
            artist={track.artist}
            coverSize={600}
            date={track.dateLabel}
            details={<TrackDetails track={track} />}
          >
            <a href={track.link.url} {...external} className={button.secondary} aria-label={`${track.link.label}: ${track.title} (opens in a new tab)`}>
              {track.link.label}
            </a>
          </RecordCard>
        ))}

        <AnimatedCard kind="Animated series" dialogId="dialog-animated-series" show={ANIMATED_SERIES} dialogLabel="Preview" badge="Coming soon">
          <Link to={ANIMATED_SERIES.notifyUrl} className={button.primary} prefetch="intent">
            Get Notified
          </Link>
        </AnimatedCard>
      </div>
    </HomeSection>
  );
}
