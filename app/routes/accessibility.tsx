/** Accessibility statement (linked from the footer): what we aim for, what works, how to tell us. */
import { Link } from "react-router";
import { EMAILS } from "~/shared/contact";
import { Prose, TextPage } from "~/components/info/InfoPage";
import { BRAND_NAME } from "~/shared/constants";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Accessibility",
    description: `${BRAND_NAME} accessibility statement: our WCAG 2.2 AA target, keyboard and screen reader support, known limits and how to reach us.`,
  });

export default function Accessibility() {
  return (
    <TextPage
      eyebrow="Legal"
      title="Accessibility"
      lede="Everyone's welcome in the pound, and that includes our website. Here's what we do to make the shop work for you, and how to tell us when it doesn't."
      sections={[
        {
          id: "goal",
          title: "Our goal",
          content: (
            <Prose>
              <p>
                We aim to meet WCAG 2.2 (the Web Content Accessibility Guidelines) at level AA across the shop, and we test new pages with a keyboard, a screen
                reader and on phone-sized screens before they go live.
              </p>
            </Prose>
          ),
        },
        {
          id: "what-works",
          title: "What works today",
          content: (
            <Prose>
              <ul>
                <li>Every page works with a keyboard alone, with a clearly visible focus outline.</li>
                <li>Tabs and accordions follow the WAI-ARIA patterns: arrow keys move between tabs, Home and End jump to the first and last.</li>
                <li>Images have text alternatives, and our videos have English captions.</li>
                <li>Forms label every field and explain every error in words, next to the field.</li>
                <li>Pages, forms and the cart keep working with JavaScript turned off.</li>
                <li>Animations are reduced when your device asks for reduced motion.</li>
                <li>Layouts adapt from small phones to wide screens and zoom to 200% without losing content.</li>
              </ul>
            </Prose>
          ),
        },
        {
          id: "known-limits",
          title: "Known limits",
          content: (
            <Prose>
              <ul>
                <li>Product images are illustrations; their descriptions are in the product text rather than long alt text.</li>
                <li>External sites we link to, such as music streaming services and social networks, have their own accessibility.</li>
              </ul>
            </Prose>
          ),
        },
        {
          id: "feedback",
          title: "Tell us",
          content: (
            <Prose>
              <p>
                If something on the site gets in your way, email <a href={`mailto:${EMAILS.accessibility}`}>{EMAILS.accessibility}</a> with the page and what
                happened. We reply within two business days, and we'll help you get what you need, by email if that's easier, while we fix it. You can also
                reach customer care through the{" "}
                <Link prefetch="intent" to="/contact">
                  contact page
                </Link>
                .
              </p>
            </Prose>
          ),
        },
      ]}
    />
  );
}
