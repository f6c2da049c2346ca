/**
 * The shop's emails on their way out. Checkout, the applications and the back office say
 * what happened (an email job: what to write about, never the email itself) and answer at
 * once; the Worker's queue handler (workers/email-queue.ts) renders and sends each one
 * later (workers/shop/emails.tsx), retrying a failed send.
 */
import * as v from "valibot";
import type { Log } from "../../app/shared/log";
import { PROGRAMMES } from "../../app/shared/programmes";


/** What the queue carries. Checked again when it arrives: a message is data, not trusted code. */
export const EmailJobSchema = v.variant("kind", [
  v.object({ kind: v.literal("order_confirmation"), orderId: v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9_-]{1,64}$/)) }),
  v.object({
    kind: v.picklist(["application_received", "application_reviewed"]),
    programme: v.picklist(PROGRAMMES),
    applicationId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
]);
export type EmailJob = v.InferOutput<typeof EmailJobSchema>;

/**
 * One email per job: the key its record in the `emails` table is kept under, so a job
 * delivered twice (queues deliver at least once) is sent once.
 */
export const emailKey = (job: EmailJob) =>
  job.kind === "order_confirmation" ? `${job.kind}:${job.orderId}` : `${job.kind}:${job.programme}:${job.applicationId}`;

export type Outbox = {
  /** Hands the job to the queue in the background: the answer never waits for it or fails with it. */
  enqueue(job: EmailJob): void;
};

export function createOutbox(queue: Queue<EmailJob>, waitUntil: (promise: Promise<unknown>) => void, log: Log): Outbox {
  return {
    enqueue(job) {
      waitUntil(
        queue.send(job, { contentType: "json" }).catch((error: unknown) => log("email_enqueue_failed", { kind: job.kind, error: String(error) })),
      );
    },
  };
}

/**
 * What happens to an email whose send keeps failing, in the owner's words (the back
 * office's Overview says it). It must stay true to the queue's settings in wrangler.toml.
 */
export const WHEN_AN_EMAIL_KEEPS_FAILING =
  "A send that fails is tried again up to 5 times, waiting 30 seconds, then 1, 2, 4 and 8 minutes. An email that still fails is moved to the dead-letter queue and marked dead on the Emails page: it is never sent twice, and nothing else is lost.";
