/**
 * Employee benefits (spec section 2): an intro card, then three tabs: Benefits Overview (a
 * single-open accordion), Onboarding Process and Content Creator Payouts; a button to the
 * staff portal. Static content from ~/content/staff; no login gate (spec section 6).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, InfoPage, Points } from "~/components/info/InfoPage";
import * as css from "~/components/info/info.css";
import { Accordion } from "~/components/ui/Accordion";
import { Tabs } from "~/components/ui/Tabs";
import { BENEFITS, BENEFITS_CONSTANTS, CREATOR_PAYMENT_SCHEDULE, CREATOR_PAYOUTS, ONBOARDING } from "~/content/staff";
import { seoMeta } from "~/lib/seo";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/employee-benefits";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Employee Benefits",
    description: `Working at Raw Dogg: health coverage from the first day, a ${BENEFITS_CONSTANTS.retirementMatchPercent}% 401(k) match, parent-company stock options, tuition reimbursement up to ${BENEFITS_CONSTANTS.tuitionReimbursementPerYear} a year, onboarding and creator payouts.`,
  });

/** One tab's panel: its heading, a line of introduction, then the content. */
function TabPanel({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className={css.section}>
      <h2 className={css.sectionTitle}>{title}</h2>
      <p className={css.cardText}>{intro}</p>
      {children}
    </div>
  );
}

function BenefitsOverview() {
  return (
    <TabPanel title="Benefits Overview" intro="Open a benefit to see what it covers. Everything below applies from your first day.">
      <Accordion
        id="benefits"
        items={BENEFITS.map((benefit) => ({
          id: benefit.id,
          title: benefit.title,
          content: (
            <div className={css.prose}>
              <p>
                <strong>{benefit.summary}</strong>
              </p>
              <ul>
                {benefit.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          ),
        }))}
      />
    </TabPanel>
  );
}

function OnboardingProcess() {
  return (
    <TabPanel title="Onboarding Process" intro="Five stages, one buddy, zero guesswork. Here is what your first months look like.">
      <ol className={css.steps}>
        {ONBOARDING.map((stage) => (
          <li key={stage.id} className={css.step}>
            <h3 className={css.cardTitle}>{stage.title}</h3>
            <p className={css.cardText}>{stage.summary}</p>
            <Points points={stage.points} />
          </li>
        ))}
      </ol>
    </TabPanel>
  );
}

function CreatorPayouts() {
  return (
    <TabPanel title="Content Creator Payouts" intro="How creators who work with Raw Dogg are paid, what they can count on, and when the money lands.">
      <div className={css.gridHalf}>
        {CREATOR_PAYOUTS.map((topic) => (
          <Card key={topic.id} as="article" title={topic.title} text={topic.text}>
            <Points points={topic.points} />
          </Card>
        ))}
      </div>
      <h3 className={css.subTitle}>Payment Schedule</h3>
      <ul className={css.grid}>
        {CREATOR_PAYMENT_SCHEDULE.map((row) => (
          <Card key={row.work} level={4} before={<span className={css.statValue}>{row.schedule}</span>} title={row.work} text={row.detail} />
        ))}
      </ul>
    </TabPanel>
  );
}

/** The intro card's key numbers: a term over (or beside) its value. */
function KeyNumbers({ numbers }: { numbers: [term: string, value: ReactNode][] }) {
  return (
    <dl className={css.statList}>
      {numbers.map(([term, value]) => (
        <div key={term} className={css.stat}>
          <dt className={css.statLabel}>{term}</dt>
          <dd className={css.statValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function EmployeeBenefits() {
  const { retirementMatchPercent, tuitionReimbursementPerYear } = BENEFITS_CONSTANTS;
  return (
    <InfoPage
      eyebrow="Careers at Raw Dogg"
      title="Employee Benefits"
      lede="We look after the people who look after the pound. Full benefits, real equity and time to live a life worth unleashing."
    >
      <section className={css.introCard} aria-labelledby="benefits-intro">
        <div className={css.prose}>
          <h2 id="benefits-intro" className={css.sectionTitle}>
            Covered from day one
          </h2>
          <p>
            Every full-time Raw Dogg employee is covered from <strong>the first day</strong>: no waiting period for health insurance, retirement savings or time
            off. Retained creators who work with us 30 hours a week or more get the same plans.
          </p>
          <p>Below: what the benefits cover, how your first months go, and how our content creators get paid.</p>
        </div>
        <KeyNumbers
          numbers={[
            ["401(k) match up to", `${retirementMatchPercent}%`],
            ["Tuition a year", tuitionReimbursementPerYear],
            ["Coverage starts", "Day 1"],
          ]}
        />
      </section>

      <Tabs
        id="benefits-tabs"
        label="Employee benefits"
        tabs={[
          { id: "overview", label: "Benefits Overview", panel: <BenefitsOverview /> },
          { id: "onboarding", label: "Onboarding Process", panel: <OnboardingProcess /> },
          { id: "payouts", label: "Content Creator Payouts", panel: <CreatorPayouts /> },
        ]}
      />

      <section className={css.introCard} aria-labelledby="staff-portal-cta">
        <div className={css.prose}>
          <h2 id="staff-portal-cta" className={css.subTitle}>
            Already on the team?
          </h2>
          <p>Announcements, documents, training and HR support live in the staff portal.</p>
        </div>
        <div className={css.buttonRow}>
          <Link prefetch="intent" to="/staff-portal" className={button.primary}>
            Go to the Staff Portal
          </Link>
        </div>
      </section>
    </InfoPage>
  );
}
