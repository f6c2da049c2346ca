/**
 * /creators: the content creator programme (spec section 2): how it works, benefits, the
 * featured creators (loaded from the shop, as `GET /api/creators?featured=true` returns
 * them), content guidelines, payment schedule and the application form. The action is
 * the form's no-JavaScript path, storing through the same shop function as
 * `POST /api/creators`.
 */
import { creatorApplicationAction } from "~/components/forms/application-actions.server";
import { CreatorApplicationForm } from "~/components/forms/lazy-forms";
import { ApplicationSection } from "~/components/forms/ApplicationSection";
import { CREATOR_BENEFITS, CREATOR_GUIDELINES, CREATOR_PAYMENT_SCHEDULE, CREATOR_REVIEW_HOURS, CREATOR_HERO, CREATOR_STEPS } from "~/content/programmes";
import { FeaturedCreators } from "~/components/programmes/FeaturedCreators";
import * as css from "~/components/programmes/programmes.css";
import { Checklist, Facts, FeatureList, ProgrammeHero, Section, Steps } from "~/components/programmes/sections";
import { getShop } from "~/context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/creators";

export async function loader({ context }: Route.LoaderArgs) {
  return { creators: await getShop(context).catalog.listCreators(true) };
}

export const action = creatorApplicationAction;

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Content Creators",
    description:
      "Create with Raw Dogg: paid briefs, monthly royalties and quarterly bonuses for creators who make safer sex fun. Applications reviewed within 48 hours.",
  });

export default function Creators({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProgrammeHero {...CREATOR_HERO} />

      <Section id="how-it-works" eyebrow="How it works" title="From pitch to payday">
        <Steps steps={CREATOR_STEPS} label="How the creator program works" />
      </Section>

      <Section id="benefits" alt eyebrow="Why create with us" title="Benefits">
        <FeatureList features={CREATOR_BENEFITS} label="Creator benefits" />
      </Section>

      <Section id="featured" eyebrow="The pack" title="Featured creators" intro="A few of the voices already making noise with us.">
        <FeaturedCreators creators={loaderData.creators} />
      </Section>

      <Section id="guidelines" alt eyebrow="Content guidelines" title="Keep it hot, keep it honest">
        <div className={css.guidelines}>
          <div className={css.guidelineCard}>
            <h3 className={css.guidelineHeading}>Do</h3>
            <Checklist items={CREATOR_GUIDELINES.do} label="Do" />
          </div>
          <div className={css.guidelineCard}>
            <h3 className={css.guidelineHeading}>Don&apos;t</h3>
            <Checklist items={CREATOR_GUIDELINES.dont} label="Don't" variant="dont" />
          </div>
        </div>
      </Section>

      <Section
        id="payment-schedule"
        eyebrow="Getting paid"
        title="Payment schedule"
        intro="Paid by PayPal, bank transfer or crypto, on a schedule you can plan around."
      >
        <Facts facts={CREATOR_PAYMENT_SCHEDULE} label="Payment schedule" />
      </Section>

      <ApplicationSection title="Apply as a creator" intro={`We review every application and contact you within ${CREATOR_REVIEW_HOURS} hours.`}>
        <CreatorApplicationForm actionData={actionData} />
      </ApplicationSection>
    </main>
  );
}
