/**
 * /affiliate: the affiliate programme (spec section 2): hero, benefits, commission tiers,
 * the application form, the 4-step explainer and the FAQ. The action is the form's
 * no-JavaScript path: it stores the application through the same shop function as
 * `POST /api/affiliates` (terms are checked by the form and not stored).
 */
import { affiliateApplicationAction } from "~/components/forms/application-actions.server";
import { AffiliateApplicationForm } from "~/components/forms/lazy-forms";
import { ApplicationSection } from "~/components/forms/ApplicationSection";
import { CommissionTiers } from "~/components/programmes/CommissionTiers";
import { AFFILIATE, AFFILIATE_BENEFITS, AFFILIATE_FAQ, AFFILIATE_HERO, AFFILIATE_STEPS } from "~/content/programmes";
import * as css from "~/components/programmes/programmes.css";
import { Checklist, Faq, FeatureList, ProgrammeHero, Section, Steps } from "~/components/programmes/sections";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/affiliate";

export const action = affiliateApplicationAction;

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Affiliate Program",
    description:
      "Join the Raw Dogg Affiliate Program: earn up to 25% commission on premium condoms and apparel, 30-day cookie, monthly payouts via direct deposit, PayPal or crypto.",
  });

export default function Affiliate({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProgrammeHero {...AFFILIATE_HERO} />

      <Section id="benefits" eyebrow="Why join" title="Benefits" intro="Straightforward money for honest promotion.">
        <FeatureList features={AFFILIATE_BENEFITS} label="Affiliate benefits" />
      </Section>

      <Section id="tiers" alt eyebrow="Commission" title="Commission tiers" intro="The more you sell, the more you keep. Tiers follow your cumulative sales.">
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

      <ApplicationSection title="Apply now" intro={`It takes two minutes. We review every application within ${AFFILIATE.reviewHours} hours.`}>
        <AffiliateApplicationForm actionData={actionData} />
      </ApplicationSection>

      <Section id="how-it-works" alt eyebrow="How it works" title="Four steps to your first payout">
        <Steps steps={AFFILIATE_STEPS} label="How the affiliate program works" />
      </Section>

      <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
        <Faq questions={AFFILIATE_FAQ} />
      </Section>
    </main>
  );
}
