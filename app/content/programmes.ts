/**
 * The partner programmes' copy and numbers (spec sections 2, 3 and 9), in one place so
 * the pages, the FAQ and the tests agree: commission tiers, payout rules, review times,
 * creator payment schedule, wholesale order sizes.
 */
import type { Fact, Feature, ProgrammeHeroCopy, Question, Step } from "~/components/programmes/sections";
import { AFFILIATE_REVIEW_HOURS, CREATOR_REVIEW_HOURS } from "~/shared/programmes";

export { CREATOR_REVIEW_HOURS };

// ---------------------------------------------------------------- affiliate

export const AFFILIATE = {
  maxCommission: "25%",
  cookieDays: 30,
  payoutDay: "15th",
  minimumPayout: "$50",
  reviewHours: AFFILIATE_REVIEW_HOURS,
} as const;

/** Spec section 3: by cumulative sales. */
export const COMMISSION_TIERS = [
  { range: "$0-$1,000", rate: "15%" },
  { range: "$1,001-$5,000", rate: "20%" },
  { range: "$5,001 and above", rate: "25%" },
] as const;

export const AFFILIATE_STATS = [
  { value: "Up to 25%", label: "Commission" },
  { value: "30-day", label: "Cookie" },
  { value: "Monthly", label: "Payouts" },
] as const;

export const AFFILIATE_HERO: ProgrammeHeroCopy = {
  eyebrow: "Raw Dogg Affiliate Program",
  title: "Get paid to",
  accent: "spread the dogg",
  lead: "Send your people to premium protection and streetwear they'll actually want to wear, and earn up to 25% commission on every order.",
  stats: AFFILIATE_STATS,
  apply: "Apply now",
  more: { href: "#tiers", label: "See commission tiers" },
};

export const AFFILIATE_BENEFITS: readonly Feature[] = [
  {
    mark: "25%",
    title: "Commission up to 25%",
    text: "Start at 15% on every order you send our way and climb to 25% as your cumulative sales grow.",
  },
  {
    mark: "$",
    title: "Monthly payouts",
    text: "Payouts come monthly via direct deposit, PayPal or crypto, whichever you prefer.",
  },
  {
    mark: "30",
    title: "30-day cookie",
    text: "Your link keeps counting for 30 days after a click, so late-night browsers still earn you money.",
  },
  {
    mark: "★",
    title: "Creative kit",
    text: "Product shots, banners, video cuts and your own discount code, ready the day you are approved.",
  },
  {
    mark: "↗",
    title: "Real-time dashboard",
    text: "Clicks, orders and earnings as they happen, with your progress to the next commission tier.",
  },
  {
    mark: "✉",
    title: "A human in your corner",
    text: "A dedicated affiliate manager for launch calendars, exclusive drops and custom promo codes.",
  },
];

export const AFFILIATE_STEPS: readonly Step[] = [
  { title: "Apply", text: "Fill in the application: who you are, where you post and who listens." },
  { title: "Get Approved", text: "We review every application within 48 hours and send your tracking link and creative kit." },
  { title: "Promote", text: "Share Raw Dogg with your audience: reviews, unboxings, stories, links in bio, newsletters." },
  { title: "Earn", text: "Earn 15% to 25% on every order, paid monthly on the 15th." },
];

export const AFFILIATE_FAQ: readonly Question[] = [
  {
    question: "When do I get paid?",
    answer: "Payouts go out monthly on the 15th for the previous month's confirmed orders, via direct deposit, PayPal or crypto.",
  },
  {
    question: "Is there a minimum payout?",
    answer: "Yes, $50. If your balance is under $50 on payout day, it rolls over and is added to next month's payout.",
  },
  {
    question: "How long does the tracking cookie last?",
    answer: "30 days. Anyone who clicks your link and orders within 30 days counts toward your commission.",
  },
  {
    question: "How long does it take to get approved?",
    answer: "Applications are reviewed within 48 hours. You will hear from us by email either way.",
  },
  {
    question: "How do the commission tiers work?",
    answer: "Your rate follows your cumulative sales: 15% up to $1,000, 20% from $1,001 to $5,000, and 25% from $5,001 and above.",
  },
  {
    question: "Who can apply?",
    answer: "Anyone 18+ with a website, blog, podcast or social following whose audience is 18+ too. Size matters less than trust.",
  },
];

// ---------------------------------------------------------------- creators

/** Featured creators' bios are cut to this many characters on the grid (spec section 2). */
export const CREATOR_BIO_LENGTH = 30;

export const CREATOR_STATS = [
  { value: "48 hrs", label: "Application review" },
  { value: "Bi-weekly", label: "Pay for retained creators" },
  { value: "Net-15", label: "Project work" },
] as const;

export const CREATOR_HERO: ProgrammeHeroCopy = {
  eyebrow: "Raw Dogg Creator Program",
  title: "Make it loud.",
  accent: "Get paid for it.",
  lead: "Comedians, DJs, stylists, educators: if your audience trusts you, we want your voice on the brand that makes protection part of the party.",
  stats: CREATOR_STATS,
  apply: "Apply as a creator",
  more: { href: "#featured", label: "Meet the creators" },
};

export const CREATOR_STEPS: readonly Step[] = [
  { title: "Apply", text: "Tell us who you are, where you post, show us your best work and how you want to be paid." },
  {
    title: "Get Approved",
    text: "Our creator team reviews your application and contacts you within 48 hours to talk briefs and rates.",
  },
  { title: "Create Content", text: "Make what you are best at: sketches, reviews, music, lookbooks, sex-ed. We bring product and briefs." },
  { title: "Get Paid", text: "Bi-weekly for retained creators, net-15 for project work, plus monthly royalties and quarterly bonuses." },
];

export const CREATOR_BENEFITS: readonly Feature[] = [
  {
    mark: "$",
    title: "Real pay, on time",
    text: "Rates agreed up front and paid on schedule by PayPal, bank transfer or crypto.",
  },
  {
    mark: "♫",
    title: "Royalties",
    text: "Your cut of every sale your content drives, paid monthly for as long as it runs.",
  },
  {
    mark: "★",
    title: "Quarterly bonuses",
    text: "Top-performing creators share a bonus pool every quarter.",
  },
  {
    mark: "⚡",
    title: "Early drops",
    text: "First access to new condoms, apparel and collabs before anyone else sees them.",
  },
  {
    mark: "✦",
    title: "Creative freedom",
    text: "Your voice, your format. We give briefs, not scripts.",
  },
  {
    mark: "⌂",
    title: "The pack",
    text: "Shoots, parties and collabs with the rest of the Raw Dogg creator crew.",
  },
];

export const CREATOR_GUIDELINES = {
  do: [
    "Keep it fun, confident and sex-positive: protection is part of a great night, not a lecture.",
    "Show products honestly and use our facts as given (for example: Premium Latex, 99.9% effective).",
    "Disclose the partnership clearly in every post (#ad or the platform's paid-partnership label).",
    "Make content for adults: every creator and everyone on camera must be 18+.",
  ],
  dont: [
    "No explicit sexual content, nudity or anything that breaks a platform's rules.",
    "No medical claims beyond what is on the pack.",
    "No shaming of bodies, genders, orientations or choices.",
    "No sharing of codes or links on coupon sites or in spam.",
  ],
} as const;

export const CREATOR_PAYMENT_SCHEDULE: readonly Fact[] = [
  { term: "Retained creators", value: "Bi-weekly", note: "A fixed retainer paid every two weeks." },
  { term: "Project work", value: "Net-15", note: "Paid within 15 days of the delivered project." },
  { term: "Royalties", value: "Monthly", note: "Your share of sales from your content." },
  { term: "Performance bonuses", value: "Quarterly", note: "For creators who top the charts each quarter." },
];

// ---------------------------------------------------------------- vendors

export const VENDOR_STATS = [
  { value: "Up to 60%", label: "Margins" },
  { value: "1,000", label: "Units minimum per product" },
  { value: "3-5 days", label: "Application review" },
] as const;

export const VENDOR_HERO: ProgrammeHeroCopy = {
  eyebrow: "Raw Dogg Wholesale",
  title: "Put the dogg",
  accent: "on your shelves",
  lead: "Premium condoms and lifestyle apparel that sell themselves at the register. Apply to become an authorised Raw Dogg vendor.",
  stats: VENDOR_STATS,
  apply: "Apply to stock Raw Dogg",
  more: { href: "#bulk-orders", label: "Bulk pre-orders" },
};

export const VENDOR_QUALIFICATIONS = [
  "At least 1 year in business",
  "A registered business with a valid tax ID",
  "A physical store, an established online shop or a distribution network",
  "A valid license to sell health and wellness products where your state or country requires one",
  "A commitment to our brand guidelines and minimum advertised pricing",
] as const;

export const WHOLESALE_BENEFITS: readonly Feature[] = [
  {
    mark: "60%",
    title: "Margins up to 60%",
    text: "Tiered wholesale pricing that leaves room for a healthy markup.",
  },
  {
    mark: "★",
    title: "Marketing support",
    text: "Display units, shelf talkers, product shots and social assets for your store.",
  },
  {
    mark: "⚡",
    title: "First dibs on drops",
    text: "New flavors, limited editions and apparel collabs before they go public.",
  },
  {
    mark: "✉",
    title: "Dedicated account manager",
    text: "One contact for orders, restocks and promotions.",
  },
  {
    mark: "⇄",
    title: "Flexible mixed orders",
    text: "Mix condom lines and apparel in one order to suit your shelves.",
  },
  {
    mark: "✓",
    title: "Quality guaranteed",
    text: "Premium latex, batch-tested, with full certificates for your records.",
  },
];

export const BULK_ORDER_FACTS: readonly Fact[] = [
  { term: "Minimum order", value: "1,000 units", note: "Per product." },
  { term: "Mixed orders", value: "2,500 units", note: "In total, with at least 500 per product type." },
  { term: "Custom branding", value: "10,000+ units", note: "Co-branded packaging for orders over 10,000 units." },
  { term: "Application review", value: "3-5 days", note: "Every application reviewed within 3-5 business days." },
  { term: "Delivery", value: "4-6 weeks", note: "From order confirmation." },
];
