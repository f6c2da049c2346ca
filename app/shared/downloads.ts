/**
 * Download links (the single): how long they work and how many files they serve, where
 * they lead, the formats they offer, and how the success screen, the download page, its
 * files and the order's email say what a link allows. The counting is the shop's:
 * workers/shop/downloads.ts.
 */
import { EMAILS } from "./contact";

/** How long a download link works, from the moment the order is placed. */
export const DOWNLOAD_DAYS = 7;
/** How many files one link serves in all (each format counts). */
export const MAX_DOWNLOADS = 5;

/** The formats a digital product comes in: its file in the DOWNLOADS bucket is `{slug}.{format}`. */
export const DOWNLOAD_FORMATS = {
  mp3: { label: "MP3", contentType: "audio/mpeg", note: "plays everywhere" },
  flac: { label: "FLAC", contentType: "audio/flac", note: "lossless" },
} as const;

export type DownloadFormat = keyof typeof DOWNLOAD_FORMATS;

/** The formats in words: "MP3 or FLAC". */
export const FORMATS_IN_WORDS = Object.values(DOWNLOAD_FORMATS)
  .map((format) => format.label)
  .join(" or ");

export const isDownloadFormat = (format: string): format is DownloadFormat => Object.hasOwn(DOWNLOAD_FORMATS, format);

/** Where a download link leads: the page that offers the formats. */
export const downloadPath = (token: string) => `/downloads/${token}`;

/** One format's file behind a link. */
export const downloadFilePath = (token: string, format: DownloadFormat) => `${downloadPath(token)}/${format}`;

/** A digital product's file, in the bucket and as the shopper saves it. */
export const downloadFileName = (slug: string, format: DownloadFormat) => `${slug}.${format}`;

/** "3 of 5 downloads left". */
export const downloadsLeftText = (left: number, max: number) => `${left} of ${max} downloads left`;

/** "December 3, 2026 at 10:21 AM UTC": when a link stops working, in words. */
export const expiryText = (expiresAt: Date) =>
  `${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(expiresAt)} UTC`;

/** A time as D1 keeps it (`YYYY-MM-DD HH:MM:SS`, UTC) as a Date. */
export const fromSqlTime = (stored: string) => new Date(`${stored.replace(" ", "T")}Z`);

/** What a link that serves nothing says, and its status: 404 for no such link, 410 for one that is gone. */
export const DOWNLOAD_REFUSALS = {
  unknown: {
    status: 404,
    title: "This download link doesn't work",
    lede: `We couldn't find it. Open the link from your order email or the page you saw after paying, and check that nothing was cut off. Need a hand? Write to ${EMAILS.support}.`,
  },
  expired: {
    status: 410,
    title: "This download link has expired",
    lede: `Download links work for ${DOWNLOAD_DAYS} days after your order. Write to ${EMAILS.support} with your order number and we'll send you a new one.`,
  },
  "used-up": {
    status: 410,
    title: "This download link has been used up",
    lede: `Each link serves ${MAX_DOWNLOADS} downloads in all, and this one has served them. Write to ${EMAILS.support} with your order number and we'll help.`,
  },
} as const;

export type DownloadRefusal = keyof typeof DOWNLOAD_REFUSALS;

/** A file the bucket does not hold right now (a fault of the shop's): nothing was counted. */
export const DOWNLOAD_UNAVAILABLE = {
  status: 503,
  title: "This file isn't available right now",
  lede: `Your download was not counted. Please try again in a few minutes, or write to ${EMAILS.support}.`,
} as const;
