/**
 * Entertainment: the animated short, the single, the three tracks and the coming-soon
 * series. Every card has a dialog; the animated ones say video comes at launch.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ANIMATED_SERIES, ANIMATED_SHORT, SINGLE, TRACKS } from "~/content/entertainment";
import { formatPrice } from "~/lib/money";
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
  /** The dialog's content; its button reads `dialogLabel`. */
  dialog: { label: string; body: ReactNode };
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
          <DialogButton label={dialog.label} ariaLabel={`${dialog.label}: ${title}`} title={title}>
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
      <img className={home.dialogImage} src={image} alt="" width={1200} height={600} />
      <p className={home.dialogText}>{description}</p>
      <p className={css.launchNote}>{ANIMATED_SHORT.dialogText}</p>
    </>
  );
}

export function EntertainmentSection() {
  return (
    <HomeSection
      name="entertainment"
      eyebrow="Entertainment"
      title="Watch. Listen. Unleash."
      lede="Cartoons, club records and the soundtrack of the pound."
    >
      <div className={css.grid}>
        <EntertainmentCard
          wide
          kind="Animated short"
          title={ANIMATED_SHORT.title}
          image={{ src: ANIMATED_SHORT.image, width: 1200, height: 600 }}
          description={ANIMATED_SHORT.description}
          dialog={{ label: "Watch Now", body: <AnimatedDialog image={ANIMATED_SHORT.image} description={ANIMATED_SHORT.description} /> }}
        />

        <EntertainmentCard
          kind="The single"
          title={SINGLE.title}
          subtitle={SINGLE.artist}
          image={{ src: SINGLE.cover, width: 800, height: 800 }}
          description={SINGLE.description}
          date={`Drops ${SINGLE.dropDate}`}
          dialog={{
            label: "Details",
            body: (
              <>
                <p className={home.dialogText}>{SINGLE.description}</p>
                <p className={css.date}>Drops {SINGLE.dropDate}</p>
                <div className={home.actions}>
                  <Link to={SINGLE.buyUrl} className={button.primary} prefetch="intent">
                    Buy the single · {formatPrice(SINGLE.price)}
                  </Link>
                </div>
              </>
            ),
          }}
        >
          <Link to={SINGLE.buyUrl} className={button.primary} prefetch="intent">
            Buy <span className={css.priceTag}>{formatPrice(SINGLE.price)}</span>
          </Link>
        </EntertainmentCard>

        {TRACKS.map((track) => (
          <EntertainmentCard
            key={track.id}
            kind="Track"
            title={track.title}
            subtitle={track.artist}
            image={{ src: track.cover, width: 600, height: 600 }}
            description={track.description}
            date={track.dateLabel}
            dialog={{
              label: "Details",
              body: (
                <>
                  <img className={css.dialogCover} src={track.cover} alt="" width={600} height={600} />
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
              ),
            }}
          >
            <a href={track.link.url} {...external} className={button.secondary} aria-label={`${track.link.label}: ${track.title} (opens in a new tab)`}>
              {track.link.label}
            </a>
          </EntertainmentCard>
        ))}

        <EntertainmentCard
          wide
          kind="Animated series"
          title={ANIMATED_SERIES.title}
          image={{ src: ANIMATED_SERIES.image, width: 1200, height: 600 }}
          description={ANIMATED_SERIES.description}
          badge="Coming soon"
          dialog={{ label: "Preview", body: <AnimatedDialog image={ANIMATED_SERIES.image} description={ANIMATED_SERIES.description} /> }}
        >
          <Link to={ANIMATED_SERIES.notifyUrl} className={button.primary} prefetch="intent">
            Get Notified
          </Link>
        </EntertainmentCard>
      </div>
    </HomeSection>
  );
}
