/**
 * The staff portal (spec section 2): six tabs of static content (Dashboard, Resources,
 * HR & Benefits, Tools, Training, Support), and a footer with the HR contact and a button to
 * the benefits page. No login gate (spec section 6).
 */
import { Link } from "react-router";
import { Callout, InfoPage } from "~/components/info/InfoPage";
import * as staff from "~/components/staff/staff.css";
import {
  DashboardPanel,
  HrBenefitsPanel,
  ResourcesPanel,
  STAFF_NETWORK_NOTE_ID,
  SupportPanel,
  ToolsPanel,
  TrainingPanel,
} from "~/components/staff/StaffPortalPanels";
import { Tabs } from "~/components/ui/Tabs";
import { HR_CONTACT_EMAIL } from "~/content/staff";
import { seoMeta } from "~/lib/seo";
import { button } from "~/styles/ui.css";
import type { Route } from "./+types/staff-portal";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Staff Portal",
    description: "The Raw Dogg staff portal: announcements, upcoming events, documents, the team directory, HR and benefits, tools, training and support.",
  });

export default function StaffPortal() {
  return (
    <InfoPage
      eyebrow="Raw Dogg HQ"
      title="Staff Portal"
      lede="Welcome back to the kennel. News, documents, tools, training and help for everyone on the Raw Dogg team, in one place."
    >
      <Callout title="On the staff network">
        <p id={STAFF_NETWORK_NOTE_ID}>
          Available on the staff network: documents, tools and sign-ups open from the office network, so their buttons here don't open anything. The HR &amp;
          Benefits cards open the benefits page.
        </p>
      </Callout>

      <Tabs
        id="portal"
        label="Staff portal"
        tabs={[
          { id: "dashboard", label: "Dashboard", panel: <DashboardPanel /> },
          { id: "resources", label: "Resources", panel: <ResourcesPanel /> },
          { id: "hr-benefits", label: "HR & Benefits", panel: <HrBenefitsPanel /> },
          { id: "tools", label: "Tools", panel: <ToolsPanel /> },
          { id: "training", label: "Training", panel: <TrainingPanel /> },
          { id: "support", label: "Support", panel: <SupportPanel /> },
        ]}
      />

      <footer className={staff.portalFooter}>
        <p>
          Questions about pay, leave or benefits? Contact HR at{" "}
          <a className={staff.mailLink} href={`mailto:${HR_CONTACT_EMAIL}`}>
            {HR_CONTACT_EMAIL}
          </a>
        </p>
        <Link prefetch="intent" to="/employee-benefits" className={button.primary}>
          View Employee Benefits
        </Link>
      </footer>
    </InfoPage>
  );
}
