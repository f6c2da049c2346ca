/**
 * The employee benefits page and the staff portal (spec section 2): static content, with the
 * benefit constants of spec section 9 and sample staff events dated April-May 2025.
 */

// ---------------------------------------------------------------- benefit constants

export const BENEFITS_CONSTANTS = {
  /** The 401(k) match. */
  retirementMatchPercent: 6,
  /** Tuition reimbursement per calendar year, in dollars. */
  tuitionReimbursementPerYear: "$5,250",
  /** When coverage starts. */
  coverageStarts: "the first day",
} as const;

/** How creators get paid (spec section 9): said the same way on every page that shows it. */
export const CREATOR_PAYMENT_SCHEDULE = [
  {
    work: "Retained creators",
    schedule: "Bi-weekly",
    detail: "Every other Friday, by direct deposit, for creators on a monthly retainer.",
  },
  { work: "Project work", schedule: "Net-15", detail: "Paid within 15 days of an approved delivery for one-off campaigns and shoots." },
  {
    work: "Royalties",
    schedule: "Monthly",
    detail: "Music and content royalties for the previous month, paid with a statement of every stream and sale.",
  },
  {
    work: "Performance bonuses",
    schedule: "Quarterly",
    detail: "Paid after each quarter closes, for campaigns that beat their agreed goals.",
  },
] as const;

// ---------------------------------------------------------------- /employee-benefits

export type BenefitSection = { id: string; title: string; summary: string; points: string[] };

const { retirementMatchPercent, tuitionReimbursementPerYear } = BENEFITS_CONSTANTS;

export const BENEFITS: BenefitSection[] = [
  {
    id: "health",
    title: "Health",
    summary: "Medical, dental and vision for you and your family, with coverage from the first day: no waiting period.",
    points: [
      "A choice of three medical plans; Raw Dogg pays 90% of the premium for you and 75% for your dependants.",
      "Dental and vision plans, with an annual eye exam and frames or contacts covered.",
      "Free, confidential sexual health screening twice a year, and a monthly allowance of our own products.",
      "Twelve free therapy sessions a year through our employee assistance programme, for you and anyone in your household.",
    ],
  },
  {
    id: "retirement",
    title: "Retirement",
    summary: `A 401(k) plan with a company match up to ${retirementMatchPercent}% of your salary, from your first paycheck.`,
    points: [
      `We match 100% of what you put in, up to ${retirementMatchPercent}% of your salary.`,
      "Enrolment starts on day one; you can change your contribution any time in the staff portal.",
      "The match vests immediately: the money is yours even if you leave.",
      "Free sessions with an independent financial planner, twice a year.",
    ],
  },
  {
    id: "stock-options",
    title: "Parent-Company Stock Options",
    summary: "Every full-time employee gets stock options in our parent company, so the people building the brand share in its growth.",
    points: [
      "An initial grant when you join, and refresh grants with your yearly review.",
      "Options vest over four years, with the first quarter vesting after one year.",
      "An equity walkthrough in your first month explains exactly what you hold and what it could be worth.",
    ],
  },
  {
    id: "education",
    title: "Education",
    summary: `Tuition reimbursement up to ${tuitionReimbursementPerYear} a year for degrees, certificates and courses that grow your career.`,
    points: [
      `Up to ${tuitionReimbursementPerYear} a year in tuition reimbursement, paid when you complete each course.`,
      "Conference tickets and professional memberships, agreed with your manager.",
      "Full access to the staff portal's learning library, on paid time.",
    ],
  },
  {
    id: "travel",
    title: "Travel and Transportation",
    summary: "Getting to work and going on the road for the brand shouldn't cost you.",
    points: [
      "A monthly pre-tax commuter benefit for transit, bike share or parking.",
      "Late-night rides home covered after events and launches.",
      "Business travel booked and paid by us, with a daily meal allowance.",
    ],
  },
  {
    id: "time-off",
    title: "Time Off",
    summary: "Real rest, starting in your first year.",
    points: [
      "20 days of paid time off a year, plus 11 company holidays.",
      "Your birthday off, every year.",
      "16 weeks of fully paid parental leave for every new parent.",
      "Paid sick days and mental health days that don't come out of your time off.",
    ],
  },
];

export type OnboardingStage = { id: string; title: string; summary: string; points: string[] };

export const ONBOARDING: OnboardingStage[] = [
  {
    id: "pre-arrival",
    title: "Pre-Arrival",
    summary: "Before your first day, we get everything ready so day one is about people, not paperwork.",
    points: [
      "Your offer packet, benefits guide and e-signature documents arrive by email.",
      "Your laptop and a Raw Dogg welcome kit ship to your home.",
      "You are introduced to your onboarding buddy, who checks in before you start.",
    ],
  },
  {
    id: "first-day",
    title: "First Day",
    summary: "Welcome to the pound: meet the team and switch everything on.",
    points: [
      "Breakfast with your team and a welcome from leadership.",
      "IT setup, staff portal access and your benefits enrolment, all active from today.",
      "A tour of the studio, the warehouse and the content room.",
    ],
  },
  {
    id: "first-week",
    title: "First Week",
    summary: "Learn the brand, the products and how we talk about sexual health.",
    points: [
      "Product knowledge sessions on the full condom range and the apparel line.",
      "Brand voice and safer-sex communication training.",
      "One-to-ones with your manager to agree your 30-day goals.",
    ],
  },
  {
    id: "first-month",
    title: "First Month",
    summary: "Own your first projects, with support close by.",
    points: [
      "Your first project, shipped with your buddy's help.",
      "A 30-day check-in with your manager and HR.",
      "An equity walkthrough and a session with the financial planner.",
    ],
  },
  {
    id: "ongoing-support",
    title: "Ongoing Support",
    summary: "Growth doesn't stop after onboarding.",
    points: [
      "Monthly one-to-ones and a yearly review with refresh stock grants.",
      "Learning paths in the staff portal, and tuition reimbursement for what goes beyond them.",
      "Employee resource groups and an open-door HR team.",
    ],
  },
];

export type PayoutTopic = { id: string; title: string; text: string; points: string[] };

export const CREATOR_PAYOUTS: PayoutTopic[] = [
  {
    id: "base-compensation",
    title: "Base Compensation",
    text: "Retained creators earn a fixed monthly retainer for an agreed content calendar; project creators are paid a flat fee per brief, agreed before work starts.",
    points: ["Rates are set by reach, format and usage rights, never cut after delivery.", "Product for shoots is supplied free and is yours to keep."],
  },
  {
    id: "revenue-sharing",
    title: "Revenue Sharing",
    text: "Every creator gets a personal code and link. Sales through them earn commission on top of base pay, on the same tiers as our affiliate programme: 15%, 20% and 25% as your cumulative sales grow.",
    points: ["Music and animation contributors also earn royalties on streams and sales.", "Every sale and stream is itemised on your statement."],
  },
  {
    id: "benefits-access",
    title: "Benefits Access",
    text: "Retained creators working 30 hours a week or more join the employee health, retirement and time-off plans, with coverage from the first day.",
    points: ["Project creators can use the employee assistance programme and the learning library.", "Everyone gets the monthly product allowance."],
  },
  {
    id: "growth",
    title: "Growth",
    text: "Creators who consistently deliver move up: bigger campaigns, higher retainers, and first call on music videos, the animated series and product launches.",
    points: ["Quarterly reviews with the creator team.", "Studio time and production support for standout ideas."],
  },
];

// ---------------------------------------------------------------- /staff-portal

export const HR_CONTACT_EMAIL = "hr@rawdogg.com";

export type Announcement = { id: string; title: string; date: string; text: string; tag: string };

export const ANNOUNCEMENTS: Announcement[] = [
  {
    id: "single-drop",
    title: "'Welcome to the Pound' drops April 17",
    date: "April 2, 2025",
    tag: "Launch",
    text: "Our first single goes on sale April 17, 2025. Share the pre-save link, and join us for the listening party that night.",
  },
  {
    id: "summer-apparel",
    title: "Summer apparel samples are in the studio",
    date: "April 9, 2025",
    tag: "Product",
    text: "The new tanks and tees are on the rail in the content room. Book a slot if your team needs them for a shoot.",
  },
  {
    id: "benefits-enrolment",
    title: "Benefits open enrolment closes May 30",
    date: "May 1, 2025",
    tag: "HR",
    text: "Review your health plan and 401(k) contribution in HR & Benefits before May 30, 2025. Your choices take effect the following month.",
  },
];

export const QUICK_LINKS = ["Request Time Off", "View Pay Stubs", "Submit an Expense", "IT Help Desk", "Brand Assets", "Org Chart"] as const;

export type StaffEvent = { id: string; title: string; date: string; time: string; place: string };

export const UPCOMING_EVENTS: StaffEvent[] = [
  {
    id: "listening-party",
    title: "'Welcome to the Pound' listening party",
    date: "April 17, 2025",
    time: "7:00 pm",
    place: "The studio rooftop",
  },
  { id: "town-hall", title: "Q2 all-hands town hall", date: "April 24, 2025", time: "10:00 am", place: "Main floor and livestream" },
  {
    id: "volunteer-day",
    title: "Sexual health outreach volunteer day",
    date: "May 9, 2025",
    time: "11:00 am",
    place: "Community health center",
  },
  { id: "summer-preview", title: "Summer collection preview", date: "May 15, 2025", time: "3:00 pm", place: "Content room" },
  { id: "team-social", title: "Pound pool party team social", date: "May 30, 2025", time: "5:00 pm", place: "Offsite" },
];

export type StaffDocument = { title: string; type: "PDF" | "DOCX" | "XLSX" | "PPTX" | "ZIP"; size: string; updated: string };

/** The document library; a title names one document. */
export const DOCUMENTS: StaffDocument[] = [
  { title: "Employee Handbook 2025", type: "PDF", size: "2.4 MB", updated: "April 1, 2025" },
  { title: "Brand Guidelines", type: "PDF", size: "8.1 MB", updated: "March 18, 2025" },
  { title: "Social Media Playbook", type: "DOCX", size: "640 KB", updated: "April 8, 2025" },
  { title: "Expense Report Template", type: "XLSX", size: "85 KB", updated: "January 6, 2025" },
  { title: "Wholesale Sales Deck", type: "PPTX", size: "12.3 MB", updated: "April 14, 2025" },
  { title: "Press Kit", type: "ZIP", size: "48 MB", updated: "April 10, 2025" },
];

export type TeamMember = { id: string; name: string; role: string; team: string; email: string };

export const TEAM_DIRECTORY: TeamMember[] = [
  { id: "nadia", name: "Nadia Okafor", role: "Head of People", team: "HR", email: HR_CONTACT_EMAIL },
  { id: "marco", name: "Marco Delgado", role: "Brand Director", team: "Marketing", email: "marco.d@rawdogg.com" },
  { id: "sienna", name: "Sienna Park", role: "Creator Partnerships Lead", team: "Creators", email: "sienna.p@rawdogg.com" },
  { id: "andre", name: "Andre Whitfield", role: "Operations Manager", team: "Fulfilment", email: "andre.w@rawdogg.com" },
  { id: "lena", name: "Lena Fischer", role: "Product Safety Manager", team: "Product", email: "lena.f@rawdogg.com" },
  { id: "kofi", name: "Kofi Mensah", role: "IT Support Lead", team: "IT", email: "it@rawdogg.com" },
];

/** The six HR & Benefits cards: each opens the benefits page, at the tab that answers it. */
export type HrCard = { id: string; title: string; text: string; to: string };

export const HR_CARDS: HrCard[] = [
  { id: "health", title: "Health Insurance", text: "Medical, dental and vision, covered from the first day.", to: "/employee-benefits" },
  {
    id: "retirement",
    title: "401(k) & Stock Options",
    text: `A ${retirementMatchPercent}% match and parent-company stock options.`,
    to: "/employee-benefits",
  },
  {
    id: "education",
    title: "Tuition Reimbursement",
    text: `Up to ${tuitionReimbursementPerYear} a year for courses and degrees.`,
    to: "/employee-benefits",
  },
  { id: "time-off", title: "Time Off & Travel", text: "Paid time off, parental leave and commuter benefits.", to: "/employee-benefits" },
  {
    id: "onboarding",
    title: "Onboarding",
    text: "From pre-arrival to ongoing support, step by step.",
    to: "/employee-benefits?tab=onboarding",
  },
  {
    id: "creator-payouts",
    title: "Creator Payouts",
    text: "Base pay, revenue sharing and the payment schedule.",
    to: "/employee-benefits?tab=payouts",
  },
];

export type StaffTool = { id: string; name: string; text: string; action: string };

export const TOOLS: StaffTool[] = [
  { id: "chat", name: "Pound Chat", text: "Team messaging, channels and launch-day war rooms.", action: "Open Chat" },
  { id: "schedule", name: "Shift Scheduler", text: "Warehouse and event shifts, swaps and cover requests.", action: "Open Scheduler" },
  { id: "inventory", name: "Inventory Tracker", text: "Live stock for every condom line and apparel size.", action: "Open Tracker" },
  { id: "assets", name: "Brand Asset Library", text: "Logos, product shots, video cuts and fonts.", action: "Browse Assets" },
  { id: "creator-hub", name: "Creator Hub", text: "Briefs, approvals and payouts for our creators.", action: "Open Creator Hub" },
  {
    id: "expenses",
    name: "Expense Tracker",
    text: "Snap a receipt, submit it, get reimbursed on the next payroll.",
    action: "Open Expenses",
  },
];

export type TrainingSession = { id: string; title: string; date: string; time: string; format: string };

export const TRAINING_SESSIONS: TrainingSession[] = [
  { id: "sexual-health-101", title: "Sexual Health 101 for Customer Care", date: "April 22, 2025", time: "1:00 pm", format: "In person" },
  { id: "product-range", title: "Product Knowledge: the 2025 Condom Range", date: "May 6, 2025", time: "11:00 am", format: "Live online" },
  { id: "inclusive-marketing", title: "Inclusive Marketing Workshop", date: "May 13, 2025", time: "2:00 pm", format: "In person" },
  { id: "privacy-basics", title: "Customer Data and Privacy Basics", date: "May 20, 2025", time: "10:00 am", format: "Live online" },
];

export type LearningResource = { id: string; title: string; text: string; modules: number };

export const LEARNING_RESOURCES: LearningResource[] = [
  {
    id: "product-academy",
    title: "Product Knowledge Academy",
    text: "Every condom line and apparel piece: materials, sizing and what to recommend.",
    modules: 10,
  },
  { id: "customer-care", title: "Customer Care Essentials", text: "Discreet, judgement-free support by email and chat.", modules: 6 },
  {
    id: "safer-sex-educator",
    title: "Safer Sex Educator Certificate",
    text: "Correct use, storage, expiry and where to get tested.",
    modules: 4,
  },
  { id: "brand-voice", title: "Social Media and Brand Voice", text: "Bold, funny and never crude: how the dogg talks online.", modules: 8 },
];

export type SupportChannel = { id: string; title: string; text: string; email?: string; action: string };

export const SUPPORT_CHANNELS: SupportChannel[] = [
  {
    id: "email-support",
    title: "Email Support",
    text: "Laptop, accounts or access trouble. The IT team answers within four working hours.",
    email: "it@rawdogg.com",
    action: "Email IT",
  },
  {
    id: "knowledge-base",
    title: "Knowledge Base",
    text: "How-to articles for every tool, policy and process, searchable by keyword.",
    action: "Browse Articles",
  },
  {
    id: "hr-support",
    title: "HR Support",
    text: "Benefits, pay, leave or anything you'd rather talk through in confidence.",
    email: HR_CONTACT_EMAIL,
    action: "Contact HR",
  },
];
