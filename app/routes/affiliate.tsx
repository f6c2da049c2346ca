/**
 * /affiliate: the affiliate programme (spec section 2): hero, benefits, commission tiers,
 * the application form, the 4-step explainer and the FAQ. The action is the form's
 * no-JavaScript path: it stores the application through the same shop function as
 * `POST /api/affiliates` (terms are checked by the form and not stored).
 */
import { APPLICATION_FAILED } from "~/components/forms/application-flow";
import { AffiliateApplicationForm } from "~/components/forms/lazy-forms";
import { panel } from "~/components/forms/forms.css";
import { storeFormAction } from "~/components/forms/page-action";
import { CommissionTiers } from "~/components/programmes/CommissionTiers";
import {
  AFFILIATE,
  AFFILIATE_BENEFITS,
  AFFILIATE_FAQ,
  AFFILIATE_STATS,
  AFFILIATE_STEPS,
} from "~/content/programmes";
import * as css from "~/components/programmes/programmes.css";
import { Checklist, Faq, FeatureList, ProgrammeHero, Section, Steps } from "~/components/programmes/sections";
import { getShop } from "~/context";
import { AffiliateFormSchema } from "~/lib/schemas";
import { seoMeta } from "~/lib/seo";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/affiliate";

export const action = ({ request, context }: Route.ActionArgs) =>
  storeFormAction({
    request,
    context,
    schema: AffiliateFormSchema,
    store: ({ acceptTerms: _accepted, ...application }) => getShop(context).applications.submitAffiliateApplication(application),
    failureMessage: APPLICATION_FAILED.description,
  });

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Affiliate Program",
    description:
      "Join the Raw Dogg Affiliate Program: earn up to 25% commission on premium condoms and apparel, 30-day cookie, monthly payouts via direct deposit, PayPal or crypto.",
  });

export default function Affiliate({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProgrammeHero
        eyebrow="Raw Dogg Affiliate Program"
        title="Get paid to"
        accent="spread the dogg"
        lead="Send your people to premium protection and streetwear they'll actually want to wear, and earn up to 25% commission on every order."
        stats={AFFILIATE_STATS}
      >
        <a href="#apply" className={button.primary}>
          Apply now
        </a>
        <a href="#tiers" className={button.secondary}>
          See commission tiers
        </a>
      </ProgrammeHero>

      <Section id="benefits" eyebrow="Why join" title="Benefits" intro="Straightforward money for honest promotion.">
        <FeatureList features={AFFILIATE_BENEFITS} label="Affiliate benefits" />
      </Section>

      <Section
        id="tiers"
        alt
        eyebrow="Commission"
        title="Commission tiers"
        intro="The more you sell, the more you keep. Tiers follow your cumulative sales."
      >
        <div className={css.split}>
          <CommissionTiers />
          <Checklist
            label="Payout rules"
            items={[
              `Commission up to ${AFFILIATE.maxCommission}`,
              "Payouts monthly via direct deposit, PayPal or crypto",
              `Paid on the ${AFFILIATE.payoutDay} of every month`,
              `${AFFILIATE.minimumPayout} minimum payout; a smaller balance rolls over to next month`,
              `${AFFILIATE.cookieDays}-day cookie on every click`,
            ]}
          />
        </div>
      </Section>

      <Section
        id="apply"
        eyebrow="Application"
        title="Apply now"
        intro={`It takes two minutes. We review every application within ${AFFILIATE.reviewHours} hours.`}
      >
        <div className={panel}>
          <AffiliateApplicationForm actionData={actionData} />
        </div>
      </Section>

      <Section id="how-it-works" alt eyebrow="How it works" title="Four steps to your first payout">
        <Steps steps={AFFILIATE_STEPS} label="How the affiliate program works" />
      </Section>

      <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
        <Faq questions={AFFILIATE_FAQ} />
      </Section>
    </main>
  );
}
