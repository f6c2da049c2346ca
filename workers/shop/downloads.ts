/**
 * What an order bought digitally (the single), delivered by a link: the token in it is
 * 256 random bits that only the success screen and the order's email ever hold (D1 keeps
 * its SHA-256), good for DOWNLOAD_DAYS days and MAX_DOWNLOADS files.
 */

/** How long a download link works, from the moment the order is placed. */
export const DOWNLOAD_DAYS = 7;
/** How many files one link serves in all (each format counts). */
export const MAX_DOWNLOADS = 5;

/** Where a download link points: the page that offers the formats. */
export const downloadPath = (token: string) => `/downloads/${token}`;

/** A link an order's success screen and email give for one digital product. */
export type DownloadLink = { productId: number; name: string; token: string };
