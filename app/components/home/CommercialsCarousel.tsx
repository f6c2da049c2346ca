/**
 * The commercials carousel (spec sections 2 and 4): previous/next wrap around, dots pick a
 * video, and switching pauses the one playing; play/pause, mute and fullscreen act on the
 * current video. A video that ends is no longer playing. Before hydration the videos keep
 * the browser's own controls, so they play without JavaScript too.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { COMMERCIALS, type Video } from "~/content/media";
import { svgProps } from "~/components/icons";
import { Tooltip } from "~/components/ui/Tooltip";
import { visuallyHidden } from "~/styles/ui.css";
import { HomeSection } from "./HomeSection";
import * as css from "./commercials.css";

const iconProps = svgProps(20);

const PlayIcon = () => (
  <svg {...iconProps}>
    <path d="M7 4v16l13-8Z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg {...iconProps}>
    <path d="M7 4h3v16H7zM14 4h3v16h-3z" fill="currentColor" />
  </svg>
);
const SoundIcon = ({ muted }: { muted: boolean }) => (
  <svg {...iconProps}>
    <path d="M4 9h4l5-4v14l-5-4H4Z" />
    {muted ? <path d="m17 9 5 6M22 9l-5 6" /> : <path d="M17 8.5a5 5 0 0 1 0 7M19.5 6a8.5 8.5 0 0 1 0 12" />}
  </svg>
);
const FullscreenIcon = ({ active }: { active: boolean }) => (
  <svg {...iconProps}>{active ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}</svg>
);
const ChevronIcon = ({ direction }: { direction: "left" | "right" }) => (
  <svg {...iconProps}>
    <path d={direction === "left" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"} />
  </svg>
);

type ControlProps = {
  /** Its name, which its tooltip shows. */
  label: string;
  onClick: () => void;
  className?: string;
  pressed?: boolean;
  current?: boolean;
  disabled?: boolean;
  children?: ReactNode;
};

/** An icon-only button of the carousel, with its name as a tooltip. */
function Control({ label, onClick, className = css.control, pressed, current, disabled, children }: ControlProps) {
  return (
    <Tooltip text={label}>
      {(tip) => (
        <button
          {...tip}
          type="button"
          className={className}
          aria-label={label}
          aria-pressed={pressed}
          aria-current={current ? "true" : undefined}
          onClick={onClick}
          disabled={disabled}
        >
          {children}
        </button>
      )}
    </Tooltip>
  );
}

export function CommercialsCarousel({ videos = COMMERCIALS }: { videos?: Video[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const videoRefs = useRef<(HTMLVideoElement | null)[]>([]);
  const current = videos[index];

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    for (const video of videoRefs.current) if (video) video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === stageRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const show = (next: number) => {
    const target = (next + videos.length) % videos.length;
    if (target === index) return;
    videoRefs.current[index]?.pause();
    setPlaying(false);
    setIndex(target);
  };

  const togglePlay = () => {
    const video = videoRefs.current[index];
    if (!video) return;
    if (playing) {
      video.pause();
      setPlaying(false);
      return;
    }
    setPlaying(true);
    video.play().catch((error: unknown) => {
      // Interrupted by a pause or a switch, or the file cannot play: not playing.
      console.error("Commercial could not play", error);
      setPlaying(false);
    });
  };

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await stageRef.current?.requestFullscreen();
    } catch (error) {
      // Spec section 8: fullscreen failures are only logged.
      console.error("Fullscreen failed", error);
    }
  };

  if (!current) return null;
  return (
    <HomeSection name="commercials" eyebrow="On screen" title="The Commercials">
      <div className={css.carousel} role="region" aria-roledescription="carousel" aria-label="Commercials">
        <div ref={stageRef} className={css.stage} data-fullscreen={fullscreen}>
          {videos.map((video, i) => (
            <div
              key={video.id}
              className={css.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${videos.length}: ${video.title}`}
              hidden={i !== index}
            >
              <img className={css.poster} src={video.poster} alt="" width={1280} height={720} loading="lazy" decoding="async" />
              <video
                ref={(element) => {
                  videoRefs.current[i] = element;
                }}
                className={css.video}
                preload="none"
                playsInline
                controls={!enhanced}
                width={1280}
                height={720}
                onPlay={() => i === index && setPlaying(true)}
                onPause={() => i === index && setPlaying(false)}
                onEnded={() => i === index && setPlaying(false)}
              >
                <source src={video.src} type="video/mp4" />
                {/* Not `default`: shown when it first plays (ui/captions.ts). */}
                <track kind="captions" src={video.captions} srcLang="en" label="English" />
                Your browser does not support the video tag.
              </video>
            </div>
          ))}

          {enhanced && (
            <div className={css.controls}>
              <Control label="Previous commercial" onClick={() => show(index - 1)}>
                <ChevronIcon direction="left" />
              </Control>
              <Control label={playing ? "Pause commercial" : "Play commercial"} className={`${css.control} ${css.playControl}`} onClick={togglePlay}>
                {playing ? <PauseIcon /> : <PlayIcon />}
              </Control>
              <Control label="Next commercial" onClick={() => show(index + 1)}>
                <ChevronIcon direction="right" />
              </Control>
              <span className={css.spacer} />
              <Control label="Mute" pressed={muted} onClick={() => setMuted(!muted)}>
                <SoundIcon muted={muted} />
              </Control>
              <Control label="Fullscreen" pressed={fullscreen} onClick={() => void toggleFullscreen()}>
                <FullscreenIcon active={fullscreen} />
              </Control>
            </div>
          )}
        </div>

        <div className={css.meta}>
          <div>
            <p className={css.title}>{current.title}</p>
            <p className={css.description}>{current.description}</p>
          </div>
          <div className={css.pager}>
            <span className={css.counter} data-testid="commercial-counter">
              {index + 1} / {videos.length}
            </span>
            <div className={css.dots}>
              {videos.map((video, i) => (
                <Control
                  key={video.id}
                  label={`Show commercial ${i + 1}: ${video.title}`}
                  className={css.dot}
                  current={i === index}
                  onClick={() => show(i)}
                  disabled={!enhanced}
                />
              ))}
            </div>
          </div>
        </div>
        <p className={visuallyHidden} aria-live="polite">
          {enhanced ? `Commercial ${index + 1} of ${videos.length}: ${current.title}` : ""}
        </p>
      </div>
    </HomeSection>
  );
}
