/** The brand's videos (files in public/videos, made by scripts/media/make-videos.sh). */
import type { VideoSource } from "~/components/ui/Dialog";

export type Video = VideoSource & { id: string };

const video = (id: string, title: string, description: string): Video => ({
  id,
  src: `/videos/${id}.mp4`,
  poster: `/videos/${id}.jpg`,
  captions: `/videos/${id}.vtt`,
  title,
  description,
});

/** The two commercials of the home carousel. */
export const COMMERCIALS: Video[] = [
  video("commercial-1", "Unleash the Dogg in You", "Our brand spot: premium protection for people who live out loud."),
  video("commercial-2", "24k Gold. Go Big.", "The magnum-size 24k Gold condom, in a gold foil that means business."),
];

export const VIDEOS = {
  teeBlackWhite: video("tee-black-white", "Black & White Raw Dogg Tee", "The women's black and white tee, on the move."),
  performanceTank: video("performance-tank", "Raw Dogg Performance Tank", "Moisture-wicking, four-way stretch, made for the gym and the after-party."),
  mensCollection: video("mens-collection", "Raw Dogg Men's Collection", "Heavyweight tees and tapered joggers for the whole pound."),
  lifeTee: video("life-tee", "Raw Dogg Life", "The 'Raw Dogg Life' women's tee from the music video."),
  coinPromo: video("coin-promo", "RAW on Solana", "The RAW community token, explained in thirty seconds."),
  animatedShort: video("animated-short", "Raw Dogg: The Animated Short", "A dogg, a city, and a very important decision."),
} satisfies Record<string, Video>;
