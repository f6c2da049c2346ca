/** @jsxImportSource hono/jsx */
/** The newsletter's subscribers: counted and paged, exported as CSV, an address removed. */
import { Hono } from "hono";
import type { Page } from "../../shop/backoffice/shared";
import { exportSubscribers, listSubscribers, removeSubscriber, type Subscriber } from "../../shop/backoffice/newsletter";
import { csvResponse, toCsv } from "../csv";
import { frame, idParam, notFoundPage, pageNumber, type AdminEnv } from "../http";
import { Layout, Pager, Table, when, type Frame } from "../views";

export const newsletterPages = new Hono<AdminEnv>()
  .get("/newsletter", async (c) => {
    const { count, page } = await listSubscribers(c.var.backOffice, pageNumber(c));
    return c.html(<NewsletterPage {...frame(c)} count={count} page={page} />);
  })
  .get("/newsletter.csv", async (c) => {
    const subscribers = await exportSubscribers(c.var.backOffice);
    const csv = toCsv(
      ["email", "signed_up_utc", "confirmed_utc"],
      subscribers.map((s) => [s.email, s.createdAt, s.confirmedAt ?? ""]),
    );
    return csvResponse(csv, `newsletter-${new Date().toISOString().slice(0, 10)}.csv`);
  })
  .post("/newsletter/:id/remove", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    await removeSubscriber(c.var.backOffice, id);
    return c.redirect("/admin/newsletter?done=removed", 303);
  });

function NewsletterPage({ nonce, notice, count, page }: Frame & { count: number; page: Page<Subscriber> }) {
  return (
    <Layout title="Newsletter" nonce={nonce} notice={notice} section="/admin/newsletter">
      <p>
        <strong>{count}</strong> {count === 1 ? "address" : "addresses"} signed up; an address that has not confirmed gets nothing but its confirmation link.{" "}
        <a href="/admin/newsletter.csv">Download them as CSV</a>
      </p>
      {page.rows.length === 0 ? null : (
        <Table label="Subscribers" columns={["Email", "Signed up", "Confirmed", { label: "Remove", muted: true }]}>
          {page.rows.map((subscriber) => (
            <tr>
              <td>{subscriber.email}</td>
              <td>{when(subscriber.createdAt)}</td>
              <td>{subscriber.confirmedAt ? when(subscriber.confirmedAt) : "Not yet"}</td>
              <td>
                <form method="post" action={`/admin/newsletter/${subscriber.id}/remove`} class="inline">
                  <button type="submit" class="quiet" aria-label={`Remove ${subscriber.email}`}>
                    Remove
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/newsletter?page=${n}`} />
    </Layout>
  );
}
