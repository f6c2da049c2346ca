/**
 * The entertainment section (home and /entertainment): the short, the single, the tracks.
 * The single is also a product: its price is the catalog's (read by the pages' loaders).
 */

export type Track = {
  id: string;
  title: string;
  artist: string;
  cover: string;
  description: string;
  /** An external stream or pre-save link. */
  link: { label: "Stream Now" | "Pre-Save"; url: string };
  /** Shown as a date line, e.g. the preview date of an unreleased track. */
  dateLabel?: string;
};

export const ANIMATED_SHORT = {
  title: "Raw Dogg: The Animated Short",
  description: "Our mascot's first adventure on screen: a night out, a big decision, and why the dogg never leaves home unprotected.",
  image: "/images/promo/animated-short.svg",
  dialogText: "Video content is available upon launch.",
};

export const SINGLE = {
  title: "Welcome to the Pound",
  artist: "Raw Dogg",
  cover: "/images/products/welcome-to-the-pound.svg",
  description: "The first Raw Dogg single: a high-energy anthem for the whole pound.",
  dropDate: "April 17, 2025",
  /** The catalog product that sells it. */
  slug: "welcome-to-the-pound",
  buyUrl: "/products/welcome-to-the-pound",
};

/** The single's price in cents, from the catalog; null when the catalog does not sell it. */
export type SinglePrice = number | null;

export const TRACKS: Track[] = [
  {
    id: "unleash",
    title: "Unleash",
    artist: "Raw Dogg ft. DJ Pawz",
    cover: "/images/promo/track-1.svg",
    description: "The club mix of our anthem, built for the last hour of the night.",
    link: { label: "Stream Now", url: "https://open.spotify.com/artist/rawdogg" },
  },
  {
    id: "gold-standard",
    title: "Gold Standard",
    artist: "Raw Dogg",
    cover: "/images/promo/track-2.svg",
    description: "A slow-burning R&B cut with a 24k shine.",
    link: { label: "Stream Now", url: "https://music.apple.com/artist/rawdogg" },
  },
  {
    id: "safe-and-sound",
    title: "Safe & Sound",
    artist: "Raw Dogg ft. Maya Lux",
    cover: "/images/promo/track-3.svg",
    description: "Our next single, previewing soon.",
    link: { label: "Pre-Save", url: "https://distrokid.com/hyperfollow/rawdogg/safe-and-sound" },
    dateLabel: "Preview June 1, 2025",
  },
];

export const ANIMATED_SERIES = {
  title: "Raw Dogg: The Series",
  description: "A coming-soon animated series following the dogg and the pound through city nights.",
  image: "/images/promo/animated-series.svg",
  notifyUrl: "/entertainment",
};
