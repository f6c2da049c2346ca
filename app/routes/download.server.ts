/**
 * The download page's server side (app/routes/download.tsx): where a download link stands,
 * read without counting anything (opening the page is free; each file counts). The route
 * module and the worker tests' stand-in pages (tests/worker/entry.tsx) both call it.
 */
import type { Shop } from "~/components/forms/page-action.server";
import { DOWNLOAD_FORMATS, DOWNLOAD_REFUSALS, downloadFilePath, fromSqlTime, type DownloadFormat, type DownloadRefusal } from "~/shared/downloads";

export type DownloadPage =
  | {
      status: 200;
      product: { name: string; imageUrl: string };
      files: { format: DownloadFormat; label: string; note: string; href: string }[];
      downloadsLeft: number;
      maxDownloads: number;
      /** ISO time, UTC. */
      expiresAt: string;
    }
  | { status: 404 | 410; refusal: DownloadRefusal };

export async function loadDownloadPage(shop: Shop, token: string): Promise<DownloadPage> {
  const state = await shop.downloads.downloadState(token);
  if (state.status !== "ready") return { status: DOWNLOAD_REFUSALS[state.status].status, refusal: state.status };
  const formats = Object.keys(DOWNLOAD_FORMATS) as DownloadFormat[];
  return {
    status: 200,
    product: { name: state.product.name, imageUrl: state.product.imageUrl },
    files: formats.map((format) => ({ format, ...DOWNLOAD_FORMATS[format], href: downloadFilePath(token, format) })),
    downloadsLeft: state.downloadsLeft,
    maxDownloads: state.maxDownloads,
    expiresAt: fromSqlTime(state.expiresAt).toISOString(),
  };
}
