/** @jsxImportSource hono/jsx */
/**
 * The partner applications: each programme's by status, one whole with its decision form,
 * and for an approved creator, showing them on /creators or hiding them.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { invalidInput, isShopError } from "../../../app/shared/errors";
import { PROGRAMMES, type Programme } from "../../../app/shared/programmes";
import { ApplicationReviewSchema } from "../../../app/shared/schemas";
import {
  APPLICATION_STATUSES,
  countApplications,
  getApplication,
  listApplications,
  reviewApplication,
  setCreatorPublished,
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationSummary,
} from "../../shop/backoffice/applications";
import type { Page } from "../../shop/backoffice/shared";
import { partnerOfApplication } from "../../shop/partners/owner";
import { frame, idParam, notFoundPage, pageNumber, programmeParam, queryChoice, readForm, type AdminEnv } from "../http";
import { FieldError, FormError, Layout, Pager, Table, when, type Errors, type Frame } from "../views";

export const PROGRAMME_LABELS: Record<Programme, string> = { affiliate: "Affiliates", creator: "Creators", vendor: "Vendors" };
const STATUS_LABELS: Record<ApplicationStatus, string> = { new: "New", approved: "Approved", declined: "Declined" };

/** The show/hide button's form: which way it goes. */
const PublishSchema = v.object({ published: v.picklist(["true", "false"], "Please choose to show or to hide the creator.") });

type ReviewForm = { decision: string; note: string; publish: boolean; errors: Errors };

// Every route here is under one pattern, /applications/:programme(/:id/...), so all of them fit Hono's RegExpRouter.
export const applicationPages = new Hono<AdminEnv>()
  .get("/applications/:programme", async (c) => {
    const programme = programmeParam(c);
    if (!programme) return notFoundPage(c);
    const status = queryChoice(c, "status", APPLICATION_STATUSES, "new");
    const [counts, page] = await Promise.all([countApplications(c.var.backOffice), listApplications(c.var.backOffice, programme, status, pageNumber(c))]);
    return c.html(<ApplicationsPage {...frame(c)} programme={programme} status={status} counts={counts[programme]} page={page} />);
  })
  .get("/applications/:programme/:id", async (c) => {
    const programme = programmeParam(c);
    const id = idParam(c);
    if (!programme || !id) return notFoundPage(c);
    const [application, partnerId] = await Promise.all([
      getApplication(c.var.backOffice, programme, id),
      partnerOfApplication(c.var.backOffice, programme, id),
    ]);
    return c.html(
      <ApplicationPage {...frame(c)} application={application} partnerId={partnerId} review={{ decision: "", note: "", publish: true, errors: {} }} />,
    );
  })
  .post("/applications/:programme/:id/review", async (c) => {
    const programme = programmeParam(c);
    const id = idParam(c);
    if (!programme || !id) return notFoundPage(c);
    const form = await readForm(c, ApplicationReviewSchema);
    const again = async (review: ReviewForm) => {
      const application = await getApplication(c.var.backOffice, programme, id);
      return c.html(<ApplicationPage {...frame(c)} notice={undefined} application={application} review={review} />, 400);
    };
    if (form.errors) return again({ decision: form.typed("decision"), note: form.typed("note"), publish: form.typed("publish") === "on", errors: form.errors });
    try {
      await reviewApplication(c.var.backOffice, programme, id, form.value, new URL(c.req.url).origin);
    } catch (error) {
      if (isShopError(error) && error.kind === "invalid") return again({ ...form.value, note: form.value.note ?? "", errors: { form: error.message } });
      throw error;
    }
    const done = form.value.decision === "approved" && programme !== "vendor" ? "partner-made" : form.value.decision;
    return c.redirect(`/admin/applications/${programme}/${id}?done=${done}`, 303);
  })
  .post("/applications/:programme/:id/publish", async (c) => {
    const id = idParam(c);
    if (programmeParam(c) !== "creator" || !id) return notFoundPage(c);
    const form = await readForm(c, PublishSchema);
    if (form.errors) throw invalidInput(form.errors.published ?? form.errors.form ?? "");
    const published = form.value.published === "true";
    const changed = await setCreatorPublished(c.var.backOffice, id, published);
    return c.redirect(`/admin/applications/creator/${id}?done=${changed ? (published ? "published" : "hidden") : "unchanged"}`, 303);
  });

function ProgrammeTabs({ programme }: { programme: Programme }) {
  return (
    <ul class="tabs" aria-label="Programmes">
      {PROGRAMMES.map((tab) => (
        <li>
          <a href={`/admin/applications/${tab}`} aria-current={tab === programme ? "page" : undefined}>
            {PROGRAMME_LABELS[tab]}
          </a>
        </li>
      ))}
    </ul>
  );
}

function ApplicationsPage({
  nonce,
  programme,
  status,
  counts,
  page,
}: Frame & { programme: Programme; status: ApplicationStatus; counts: Record<ApplicationStatus, number>; page: Page<ApplicationSummary> }) {
  return (
    <Layout title={`${PROGRAMME_LABELS[programme]}: applications`} nonce={nonce} section="/admin/applications/affiliate">
      <ProgrammeTabs programme={programme} />
      <ul class="tabs" aria-label="Status">
        {APPLICATION_STATUSES.map((tab) => (
          <li>
            <a href={`/admin/applications/${programme}?status=${tab}`} aria-current={tab === status ? "page" : undefined}>
              {STATUS_LABELS[tab]} ({counts[tab]})
            </a>
          </li>
        ))}
      </ul>
      {page.rows.length === 0 ? (
        <p>No {STATUS_LABELS[status].toLowerCase()} applications.</p>
      ) : (
        <Table label={`${STATUS_LABELS[status]} applications`} columns={["Applicant", "Email", "Received"]}>
          {page.rows.map((application) => (
            <tr>
              <td>
                <a href={`/admin/applications/${programme}/${application.id}`}>{application.name}</a>
              </td>
              <td>{application.email}</td>
              <td>{when(application.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/applications/${programme}?status=${status}&page=${n}`} />
    </Layout>
  );
}

function ApplicationPage({
  nonce,
  notice,
  application,
  review,
  partnerId = null,
}: Frame & { application: ApplicationDetail; review: ReviewForm; partnerId?: number | null }) {
  const base = `/admin/applications/${application.programme}/${application.id}`;
  return (
    <Layout title={`${PROGRAMME_LABELS[application.programme]}: ${application.name}`} nonce={nonce} notice={notice} section="/admin/applications/affiliate">
      <p>
        <a href={`/admin/applications/${application.programme}?status=${application.status}`}>Back to the list</a>
      </p>
      <dl>
        <dt>Status</dt>
        <dd>
          <strong>{STATUS_LABELS[application.status]}</strong>
          {application.reviewedAt ? ` on ${when(application.reviewedAt)}` : ""}
        </dd>
        {application.reviewNote ? (
          <>
            <dt>Note sent</dt>
            <dd class="pre">{application.reviewNote}</dd>
          </>
        ) : null}
        {partnerId ? (
          <>
            <dt>Partner</dt>
            <dd>
              <a href={`/admin/partners/${partnerId}`}>Their partner page: link, code, orders and ledger</a>
            </dd>
          </>
        ) : null}
        <dt>Received</dt>
        <dd>{when(application.createdAt)}</dd>
        {application.fields.map(([label, value]) => (
          <>
            <dt>{label}</dt>
            <dd class="pre">{value}</dd>
          </>
        ))}
      </dl>

      <FormError message={review.errors.form} />
      {application.status === "new" ? (
        <>
          <h2>Decision</h2>
          <form method="post" action={`${base}/review`} class="panel">
            <fieldset aria-describedby="decision-error">
              <legend>Decision</legend>
              <label class="check">
                <input type="radio" name="decision" value="approved" checked={review.decision === "approved"} required />
                Approve
              </label>
              <label class="check">
                <input type="radio" name="decision" value="declined" checked={review.decision === "declined"} />
                Decline
              </label>
            </fieldset>
            <FieldError id="decision-error" message={review.errors.decision} />
            <label>
              Note for the applicant (optional, sent in the email)
              <textarea name="note" maxlength={1000} aria-describedby="note-error">
                {review.note}
              </textarea>
            </label>
            <FieldError id="note-error" message={review.errors.note} />
            {application.programme === "creator" ? (
              <label class="check">
                <input type="checkbox" name="publish" checked={review.publish} />
                When approving, show them among the featured creators on /creators (name, bio, social links, portfolio)
              </label>
            ) : null}
            <button type="submit">Save the decision</button>
          </form>
        </>
      ) : null}

      {application.programme === "creator" && application.status === "approved" ? (
        <>
          <h2>On /creators</h2>
          <p>{application.published ? "Shown among the featured creators." : "Not shown on /creators."}</p>
          <form method="post" action={`${base}/publish`}>
            <input type="hidden" name="published" value={application.published ? "false" : "true"} />
            <button type="submit" class={application.published ? "quiet" : undefined}>
              {application.published ? "Hide from /creators" : "Show on /creators"}
            </button>
          </form>
        </>
      ) : null}
    </Layout>
  );
}
