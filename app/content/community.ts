/**
 * The community forum's built-in sample data (spec section 3): featured members and topics,
 * all dated April-May 2025. Nothing here comes from or goes to the server.
 */

export type ForumMember = {
  id: string;
  name: string;
  city: string;
  avatar: string;
  verified: boolean;
  /** Out of 5. */
  rating: number;
};

export const FEATURED_MEMBERS: ForumMember[] = [
  { id: "m1", name: "Marcus Thompson", city: "Atlanta, GA", avatar: "/images/avatars/member-1.svg", verified: true, rating: 5 },
  { id: "m2", name: "Tasha Monroe", city: "Chicago, IL", avatar: "/images/avatars/member-2.svg", verified: true, rating: 5 },
  { id: "m3", name: "Devon Ramos", city: "Miami, FL", avatar: "/images/avatars/member-3.svg", verified: false, rating: 4 },
  { id: "m4", name: "Kayla Brooks", city: "Houston, TX", avatar: "/images/avatars/member-4.svg", verified: true, rating: 4 },
  { id: "m5", name: "Jordan Lee", city: "Los Angeles, CA", avatar: "/images/avatars/member-5.svg", verified: false, rating: 3 },
  { id: "m6", name: "Priya Shah", city: "New York, NY", avatar: "/images/avatars/member-6.svg", verified: true, rating: 5 },
];

export const TOPIC_CATEGORIES = ["Product Review", "Events", "Relationships", "Introductions", "Cryptocurrency", "Fashion"] as const;
export type TopicCategory = (typeof TOPIC_CATEGORIES)[number];

export type ForumTopic = {
  id: string;
  title: string;
  author: string;
  /** Shown as written, e.g. "May 14, 2025". */
  dateText: string;
  /** ISO date, for sorting the Recent tab. */
  date: string;
  replies: number;
  likes: number;
  category: TopicCategory;
};

/** Newest first: the order of the Recent tab. */
export const TOPICS: ForumTopic[] = [
  {
    id: "t1",
    title: "24k Gold review: finally a magnum that actually fits",
    author: "Marcus Thompson",
    dateText: "May 14, 2025",
    date: "2025-05-14",
    replies: 42,
    likes: 128,
    category: "Product Review",
  },
  {
    id: "t2",
    title: "Pound Party meetup in Atlanta, May 24: who's coming?",
    author: "Tasha Monroe",
    dateText: "May 12, 2025",
    date: "2025-05-12",
    replies: 67,
    likes: 94,
    category: "Events",
  },
  {
    id: "t3",
    title: "How do you bring up protection on a first date without killing the mood?",
    author: "Kayla Brooks",
    dateText: "May 9, 2025",
    date: "2025-05-09",
    replies: 88,
    likes: 203,
    category: "Relationships",
  },
  {
    id: "t4",
    title: "New to the pound: hey from Chicago",
    author: "Jordan Lee",
    dateText: "May 6, 2025",
    date: "2025-05-06",
    replies: 19,
    likes: 41,
    category: "Introductions",
  },
  {
    id: "t5",
    title: "RAW on Solana: what are you actually using it for?",
    author: "Devon Ramos",
    dateText: "May 3, 2025",
    date: "2025-05-03",
    replies: 54,
    likes: 72,
    category: "Cryptocurrency",
  },
  {
    id: "t6",
    title: "Styling the Performance Tank beyond the gym",
    author: "Priya Shah",
    dateText: "April 29, 2025",
    date: "2025-04-29",
    replies: 23,
    likes: 88,
    category: "Fashion",
  },
  {
    id: "t7",
    title: "Fantasia vs Plain Jane: is ultra-thin worth it?",
    author: "Kayla Brooks",
    dateText: "April 25, 2025",
    date: "2025-04-25",
    replies: 36,
    likes: 97,
    category: "Product Review",
  },
  {
    id: "t8",
    title: "'Welcome to the Pound' listening party recap",
    author: "Tasha Monroe",
    dateText: "April 18, 2025",
    date: "2025-04-18",
    replies: 31,
    likes: 156,
    category: "Events",
  },
  {
    id: "t9",
    title: "Long distance: keeping it safe (and fun) when you reunite",
    author: "Priya Shah",
    dateText: "April 14, 2025",
    date: "2025-04-14",
    replies: 27,
    likes: 64,
    category: "Relationships",
  },
  {
    id: "t10",
    title: "First post after months of lurking, from Miami",
    author: "Devon Ramos",
    dateText: "April 10, 2025",
    date: "2025-04-10",
    replies: 12,
    likes: 33,
    category: "Introductions",
  },
  {
    id: "t11",
    title: "Tropical Slush flavour ranking thread",
    author: "Marcus Thompson",
    dateText: "April 7, 2025",
    date: "2025-04-07",
    replies: 49,
    likes: 110,
    category: "Product Review",
  },
  {
    id: "t12",
    title: "Black & White Tee sizing: does it run true?",
    author: "Jordan Lee",
    dateText: "April 3, 2025",
    date: "2025-04-03",
    replies: 15,
    likes: 29,
    category: "Fashion",
  },
];

/** Topics shown before 'Load More Topics' reveals the rest. */
export const TOPICS_PAGE_SIZE = 6;

/** The Hot tab: most talked-about first (a reply counts double a like). */
export const hotTopics = (topics: ForumTopic[]) => [...topics].sort((a, b) => b.replies * 2 + b.likes - (a.replies * 2 + a.likes));

export const recentTopics = (topics: ForumTopic[]) => [...topics].sort((a, b) => b.date.localeCompare(a.date));

/** The community search: a case-insensitive match on title, category or author, in the browser. */
export function searchTopics(topics: ForumTopic[], query: string): ForumTopic[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return topics;
  return topics.filter((topic) => [topic.title, topic.category, topic.author].some((field) => field.toLowerCase().includes(needle)));
}
