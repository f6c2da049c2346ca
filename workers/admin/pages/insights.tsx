/** @jsxImportSource hono/jsx */
/**
 * Insights (docs/decisions/0022): what sells and how fast real visitors see the shop, for the
 * last 7 or 30 UTC days, from sums alone (no visitor is ever identified). Each picture is an
 * SVG drawn here, readable without JavaScript, with a table of the same numbers beside it;
 * a rating is always written out as well as coloured.
 */
import { Hono } from "hono";
import { formatPrice } from "../../../app/shared/money";
import { palette } from "../../../app/shared/palette";
import { VITALS, type Percentile, type Rating, type VitalName } from "../../shop/insights/buckets";
import { SEARCH_QUERY_MAX_LENGTH } from "../../insights/events";
import { insightsReport, REPORT_DAYS, type InsightsReport, type ReportDays } from "../../shop/insights/report";
import { codeSales, type CodeSales } from "../../shop/backoffice/codes";
import { frame, type AdminEnv } from "../http";
import { Layout, MessagePage, Table, type Frame } from "../views";

export const insightsPages = new Hono<AdminEnv>().get("/insights", async (c) => {
  const asked = c.req.query("days") ?? "7";
  const days = REPORT_DAYS.find((d) => String(d) === asked);
  if (!days) return c.html(<MessagePage {...frame(c)} title="Insights" message="Insights cover the last 7 or 30 days: choose one of those." />, 400);
  const report = await insightsReport(c.var.backOffice.db, days);
  return c.html(<InsightsPage {...frame(c)} report={report} codes={await codeSales(c.var.backOffice, report.since, report.until)} />);
});

/** Google's colours for its three ratings, and the words that always go with them. */
const RATING: Record<Rating, { label: string; colour: string }> = {
  good: { label: "Good", colour: "#0cce6b" },
  "needs-improvement": { label: "Needs improvement", colour: "#ffa400" },
  poor: { label: "Poor", colour: "#ff4e42" },
};
const CHARTED: VitalName[] = ["LCP", "INP", "CLS"];
const VITAL_LABELS: Record<VitalName, string> = {
  LCP: "Largest Contentful Paint",
  INP: "Interaction to Next Paint",
  CLS: "Cumulative Layout Shift",
  TTFB: "Time to First Byte",
};

const count = (n: number) => n.toLocaleString("en-US");
const share = (n: number | null) => (n === null ? "–" : `${n.toLocaleString("en-US")}%`);
export function vitalValue(metric: VitalName, p: Percentile): string {
  const figure = VITALS[metric].unit === "ms" ? `${count(Math.round(p.value))} ms` : p.value.toFixed(2);
  return p.atLeast ? `at least ${figure}` : figure;
}

function InsightsPage({ nonce, report, codes }: Frame & { report: InsightsReport; codes: CodeSales[] }) {
  const period = `${report.since} to ${report.until} (UTC)`;
  return (
    <Layout title="Insights" nonce={nonce} section="/admin/insights">
      <ul class="tabs" aria-label="Period">
        {REPORT_DAYS.map((days) => (
          <li>
            <a href={`/admin/insights?days=${days}`} aria-current={days === report.days ? "page" : undefined}>
              Last {days} days
            </a>
          </li>
        ))}
      </ul>
      <p class="muted">
        {period}. Counted without a cookie or any identifier, in sums per day: see the shop's privacy page. Visitors who send Global Privacy Control are not
        counted, and neither are search engines' crawlers.
      </p>
      <FunnelSection report={report} days={report.days} />
      <ProductsSection report={report} />
      <CodesSection codes={codes} />
      <SearchesSection report={report} />
      <VitalsSection report={report} />
      <h2>Page views by page</h2>
      {report.views.length === 0 ? (
        <p>No page views yet in these days.</p>
      ) : (
        <Table label="Page views by page" columns={["Page", { label: "Views", numeric: true }]}>
          {report.views.map((row) => (
            <tr>
              <td>{row.route}</td>
              <td class="num">{count(row.n)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Layout>
  );
}

/** Orders, net sales and discount per discount code, from the orders themselves (placed, not cancelled). */
function CodesSection({ codes }: { codes: CodeSales[] }) {
  return (
    <>
      <h2>Discount codes</h2>
      {codes.length === 0 ? (
        <p>No order used a discount code in these days.</p>
      ) : (
        <>
          <p class="muted">Orders placed in these days and not cancelled. Net sales: after bundle savings and the discount, before tax and shipping.</p>
          <Table
            label="Discount codes"
            columns={["Code", { label: "Orders", numeric: true }, { label: "Net sales", numeric: true }, { label: "Discount", numeric: true }]}
          >
            {codes.map((row) => (
              <tr>
                <td>{row.code}</td>
                <td class="num">{count(row.orders)}</td>
                <td class="num">{formatPrice(row.sales)}</td>
                <td class="num">−{formatPrice(row.discount)}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </>
  );
}

const ROW = 40;
const LABEL = 170;
const WIDTH = 640;

/** Horizontal bars, one per row, scaled to the largest: the funnel and the vitals share it. */
function Bars({
  id,
  title,
  rows,
  scale = 1,
  marks = [],
}: {
  id: string;
  title: string;
  rows: { label: string; value: number; text: string; colour: string }[];
  /** The least value the full width stands for. */
  scale?: number;
  /** Thresholds drawn as dashed lines across the bars. */
  marks?: { value: number; label: string }[];
}) {
  const max = Math.max(scale, ...rows.map((row) => row.value));
  const room = WIDTH - LABEL - 150;
  const top = marks.length > 0 ? 20 : 0;
  const height = rows.length * ROW + 8 + top;
  return (
    <svg class="chart" role="img" aria-labelledby={`${id}-title`} viewBox={`0 0 ${WIDTH} ${height}`} width={WIDTH} height={height}>
      <title id={`${id}-title`}>{title}</title>
      {marks.map((mark) => {
        const x = (LABEL + (mark.value / max) * room).toFixed(1);
        return (
          <g>
            <line x1={x} x2={x} y1={top - 4} y2={height} stroke={palette.inkMuted} stroke-dasharray="4 4" />
            <text x={x} y={12} text-anchor="middle" fill={palette.inkMuted} font-size="12">
              {mark.label}
            </text>
          </g>
        );
      })}
      {rows.map((row, i) => {
        const y = i * ROW + 4 + top;
        const width = Math.max(row.value > 0 ? 2 : 0, (row.value / max) * room);
        return (
          <g>
            <text x={LABEL - 8} y={y + ROW / 2 + 5} text-anchor="end" fill={palette.ink} font-size="14">
              {row.label}
            </text>
            <rect x={LABEL} y={y + 6} width={width.toFixed(1)} height={ROW - 12} rx="4" fill={row.colour} />
            <text x={(LABEL + width + 8).toFixed(1)} y={y + ROW / 2 + 5} fill={palette.ink} font-size="14">
              {row.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function FunnelSection({ report, days }: { report: InsightsReport; days: ReportDays }) {
  return (
    <section aria-labelledby="funnel">
      <h2 id="funnel">From visit to order</h2>
      <div class="pair">
        <Bars
          id="funnel-chart"
          title={`From visit to order, last ${days} days`}
          rows={report.funnel.map((step) => ({ label: step.label, value: step.n, text: count(step.n), colour: palette.accent }))}
        />
        <Table label="From visit to order" columns={["Step", { label: "Count", numeric: true }, { label: "Of the step before", numeric: true }]}>
          {report.funnel.map((step) => (
            <tr>
              <td>{step.label}</td>
              <td class="num">{count(step.n)}</td>
              <td class="num">{share(step.ofPrevious)}</td>
            </tr>
          ))}
        </Table>
      </div>
      <p class="muted">
        A visit is a page opened from outside the shop (another site, a link, a bookmark); a checkout started is a view of the checkout page. Orders placed by
        agents through UCP are not in these counts.
      </p>
    </section>
  );
}

function ProductsSection({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="products">
      <h2 id="products">Top products</h2>
      {report.products.length === 0 ? (
        <p>No product views yet in these days.</p>
      ) : (
        <div class="pair">
          <Bars
            id="products-chart"
            title="Product views, top products"
            rows={report.products.map((p) => ({
              label: p.name.length > 20 ? `${p.name.slice(0, 19)}…` : p.name,
              value: p.views,
              text: count(p.views),
              colour: palette.gold,
            }))}
          />
          <Table label="Top products" columns={["Product", { label: "Views", numeric: true }, { label: "Added to cart", numeric: true }]}>
            {report.products.map((p) => (
              <tr>
                <td>
                  <a href={`/admin/products/${p.id}`}>{p.name}</a>
                </td>
                <td class="num">{count(p.views)}</td>
                <td class="num">{count(p.adds)}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}

function SearchesSection({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="searches">
      <h2 id="searches">Searches</h2>
      <p class="muted">Searches as typed, in lower case and cut to {SEARCH_QUERY_MAX_LENGTH} characters.</p>
      <div class="pair">
        <div>
          <h3>Top searches</h3>
          {report.searches.length === 0 ? (
            <p>No searches yet in these days.</p>
          ) : (
            <Table label="Top searches" columns={["Search", { label: "Times", numeric: true }, "Found"]}>
              {report.searches.map((s) => (
                <tr>
                  <td class="pre">{s.query}</td>
                  <td class="num">{count(s.n)}</td>
                  <td>{s.found ? "Products" : "Nothing"}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
        <div>
          <h3>Searches that found nothing</h3>
          {report.notFound.length === 0 ? (
            <p>Every search found something.</p>
          ) : (
            <Table label="Searches that found nothing" columns={["Search", { label: "Times", numeric: true }]}>
              {report.notFound.map((s) => (
                <tr>
                  <td class="pre">{s.query}</td>
                  <td class="num">{count(s.n)}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      </div>
    </section>
  );
}

function VitalsSection({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="vitals">
      <h2 id="vitals">How fast real visitors saw the pages (p75)</h2>
      <p class="muted">
        75 of every 100 visits were at least this fast. Good below {count(VITALS.LCP.good)} ms LCP, {count(VITALS.INP.good)} ms INP and {VITALS.CLS.good} CLS;
        poor from {count(VITALS.LCP.poor)} ms, {count(VITALS.INP.poor)} ms and {VITALS.CLS.poor}. Measured only on pages that run JavaScript: the pages that
        need none send nothing.
      </p>
      {report.vitals.length === 0 ? (
        <p>No measurements yet in these days.</p>
      ) : (
        <div class="pair">
          <div>
            {CHARTED.map((metric) => {
              const rows = report.vitals.flatMap(({ route, vitals }) => {
                const p = vitals[metric];
                return p
                  ? [{ label: route, value: p.value, text: `${vitalValue(metric, p)} · ${RATING[p.rating].label}`, colour: RATING[p.rating].colour }]
                  : [];
              });
              const { good, poor, unit } = VITALS[metric];
              const mark = (value: number) => ({ value, label: unit === "ms" ? `${count(value)} ms` : String(value) });
              return rows.length === 0 ? null : (
                <figure>
                  <figcaption>
                    {VITAL_LABELS[metric]} ({metric})
                  </figcaption>
                  <Bars
                    id={`vital-${metric}`}
                    title={`p75 ${VITAL_LABELS[metric]} (${metric}) per page`}
                    rows={rows}
                    scale={poor * 1.25}
                    marks={[mark(good), mark(poor)]}
                  />
                </figure>
              );
            })}
          </div>
          <Table label="p75 web vitals per page" columns={["Page", ...(["LCP", "INP", "CLS", "TTFB"] as const).map((m) => ({ label: m, numeric: true }))]}>
            {report.vitals.map(({ route, vitals }) => (
              <tr>
                <td>{route}</td>
                {(["LCP", "INP", "CLS", "TTFB"] as const).map((metric) => {
                  const p = vitals[metric];
                  return (
                    <td class="num">
                      {p ? (
                        <>
                          {vitalValue(metric, p)}
                          <br />
                          <span class={`rating ${p.rating}`}>{RATING[p.rating].label}</span>
                          <span class="muted"> ({count(p.samples)})</span>
                        </>
                      ) : (
                        <span class="muted">–</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}
