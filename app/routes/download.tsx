/**
 * /downloads/{token}: a download link's page (the single). It shows what the link
 * delivers, one button per format, how many downloads are left and when the link expires;
 * each button is a plain link to the file (workers/downloads.ts streams it as an
 * attachment and counts it). A link that serves nothing says why: 404 for no such link,
 * 410 for one that expired or was used up. One visitor's secret: never cached, never
 * indexed, no referrer (the Worker sets those headers on everything under /downloads).
 * It works without JavaScript and ships none.
 */
import { data, Link } from "react-router";
import { loadDownloadPage } from "~/routes/download.server";
import * as css from "~/components/downloads/downloads.css";
import { PageHero } from "~/components/info/InfoPage";
import { getShop } from "~/context.server";
import { seoMeta } from "~/lib/seo";
import { DOWNLOAD_REFUSALS, downloadsLeftText, expiryText } from "~/shared/downloads";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/download";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadDownloadPage(getShop(context), params.token);
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: args.loaderData?.status === 200 ? `Download ${args.loaderData.product.name}` : "Your download",
    description: "Download the music you bought from Raw Dogg.",
    noindex: true,
  });

export default function Download({ loaderData: page }: Route.ComponentProps) {
  if (page.status !== 200) {
    const { title, lede } = DOWNLOAD_REFUSALS[page.refusal];
    return (
      <main>
        <PageHero eyebrow="Your download" title={title} lede={lede}>
          <Link prefetch="intent" to="/products" className={button.primary}>
            Browse Products
          </Link>
        </PageHero>
      </main>
    );
  }
  const expires = expiryText(new Date(page.expiresAt));
  return (
    <main>
      <PageHero
        eyebrow="Download your music"
        title={page.product.name}
        lede="Thanks for buying the single. Choose a format: each download counts once, whichever you pick."
      >
        <div className={css.panel}>
          <img className={css.cover} src={page.product.imageUrl} alt="" width={160} height={160} />
          <div className={css.details}>
            <ul className={css.formats} aria-label="Formats">
              {page.files.map((file) => (
                <li key={file.format} className={css.format}>
                  <a href={file.href} download className={button.primary} data-testid={`download-${file.format}`}>
                    Download {file.label}
                  </a>
                  <span className={css.note}>{file.note}</span>
                </li>
              ))}
            </ul>
            <p className={css.limits} data-testid="download-limits">
              <strong>{downloadsLeftText(page.downloadsLeft, page.maxDownloads)}</strong>. This link expires on {expires}.
            </p>
          </div>
        </div>
      </PageHero>
    </main>
  );
}
