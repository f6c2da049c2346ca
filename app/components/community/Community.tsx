/**
 * The community forum's pieces (spec section 2). Everything works on the built-in sample
 * data and nothing reaches the server: the search filters the topics in the browser, the
 * join box and the rating widget say that sign-in is needed, and their links lead to /login.
 *
 * Without JavaScript the search box and 'Load More Topics' fall back to plain GET links
 * (`?q=`, `?topics=all`) that render the same filtered list on the server.
 */
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { FEATURED_MEMBERS, hotTopics, recentTopics, searchTopics, TOPICS, TOPICS_PAGE_SIZE, type ForumTopic } from "~/content/community";
import { SearchIcon } from "~/components/icons";
import { selectedTabId, Tabs, type TabItem } from "~/components/ui/Tabs";
import { button, visuallyHidden } from "~/styles/ui.css";
import * as css from "./community.css";
import * as info from "~/components/info/info.css";
import { RATING_SCALE, Stars } from "./Stars";

const BOARD_ID = "discussions";
const BOARD_PARAM = "board";

function ReplyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d="M4 5h16v11H9l-5 4z" />
    </svg>
  );
}

function LikeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 5 6.5 5c2.1 0 3.6 1.2 4.5 2.6h2C13.9 6.2 15.4 5 17.5 5 21 5 23 8.5 21.6 11.7 19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

const topicCount = (n: number) => `${n} ${n === 1 ? "topic" : "topics"}`;

function TopicCard({ topic, focusRef }: { topic: ForumTopic; focusRef?: (element: HTMLLIElement | null) => void }) {
  return (
    <li ref={focusRef} tabIndex={focusRef ? -1 : undefined} className={css.topic} data-testid="topic">
      <span className={info.badge.accent}>{topic.category}</span>
      <h3 className={css.topicTitle}>{topic.title}</h3>
      <div className={css.topicFooter}>
        <p className={info.cardMeta}>
          <span>by {topic.author}</span>
          <span>{topic.dateText}</span>
        </p>
        <p className={css.counts}>
          <span className={css.count}>
            <ReplyIcon /> {topic.replies} <span className={visuallyHidden}>replies</span>
          </span>
          <span className={css.count}>
            <LikeIcon /> {topic.likes} <span className={visuallyHidden}>likes</span>
          </span>
        </p>
      </div>
    </li>
  );
}

type TopicListProps = {
  topics: ForumTopic[];
  query: string;
  showAll: boolean;
  loadMoreHref: string;
  onLoadMore: () => void;
  /** After 'Load More Topics', focus moves to the first topic it revealed. */
  focusFirstRevealed: boolean;
};

function TopicList({ topics, query, showAll, loadMoreHref, onLoadMore, focusFirstRevealed }: TopicListProps) {
  const matches = searchTopics(topics, query);
  // A search shows every match; otherwise the first page until 'Load More Topics'.
  const paged = query.trim() !== "" || showAll;
  const visible = paged ? matches : matches.slice(0, TOPICS_PAGE_SIZE);
  const firstRevealed = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    if (focusFirstRevealed) firstRevealed.current?.focus();
  }, [focusFirstRevealed]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onLoadMore();
  };

  if (matches.length === 0) {
    return (
      <div className={css.empty}>
        <p className={info.cardTitle}>No topics match "{query.trim()}"</p>
        <p className={info.cardText}>Try a category such as Events or Fashion, or a member's name.</p>
      </div>
    );
  }

  return (
    <>
      <ul className={css.topics}>
        {visible.map((topic, index) => (
          <TopicCard key={topic.id} topic={topic} focusRef={index === TOPICS_PAGE_SIZE ? (element) => void (firstRevealed.current = element) : undefined} />
        ))}
      </ul>
      {visible.length < matches.length && (
        <div className={css.loadMore}>
          <a href={loadMoreHref} className={button.secondary} onClick={onClick}>
            Load More Topics
          </a>
        </div>
      )}
    </>
  );
}

function MyActivity() {
  return (
    <div className={css.empty}>
      <svg className={css.emptyIcon} width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 13c-3 0-6 3.2-6 5.6C6 20.3 7.4 21 9 21c1.3 0 2-.6 3-.6s1.7.6 3 .6c1.6 0 3-.7 3-2.4C18 16.2 15 13 12 13zM5.5 8.5C4.1 8.5 3 9.9 3 11.5S4.1 14 5.5 14 8 12.6 8 11s-1.1-2.5-2.5-2.5zm13 0C17.1 8.5 16 9.9 16 11.5s1.1 2.5 2.5 2.5S21 12.6 21 11s-1.1-2.5-2.5-2.5zM9 3C7.6 3 6.5 4.6 6.5 6.5S7.6 10 9 10s2.5-1.6 2.5-3.5S10.4 3 9 3zm6 0c-1.4 0-2.5 1.6-2.5 3.5S13.6 10 15 10s2.5-1.6 2.5-3.5S16.4 3 15 3z"
        />
      </svg>
      <h3 className={info.cardTitle}>No Activity Yet</h3>
      <p className={info.cardText}>Topics you start, replies you post and threads you like show up here once you're signed in.</p>
      <Link prefetch="intent" to="/login" className={button.primary}>
        Sign Up Now
      </Link>
    </div>
  );
}

export function CommunitySearch({ query, onQueryChange }: { query: string; onQueryChange: (query: string) => void }) {
  const inputId = useId();
  return (
    <form role="search" action={`/community#${BOARD_ID}`} method="get" className={css.search} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={inputId} className={css.searchLabel}>
        Search the discussions
      </label>
      <span className={css.searchIcon}>
        <SearchIcon size={20} />
      </span>
      <input
        id={inputId}
        name="q"
        type="search"
        className={css.searchInput}
        placeholder="Search topics, categories or members..."
        autoComplete="off"
        maxLength={100}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
      />
    </form>
  );
}

export function DiscussionBoard({ query }: { query: string }) {
  const [searchParams] = useSearchParams();
  const [showAll, setShowAll] = useState(searchParams.get("topics") === "all");
  const [revealed, setRevealed] = useState(false);

  const loadMoreParams = new URLSearchParams(searchParams);
  loadMoreParams.set("topics", "all");
  const loadMoreHref = `?${loadMoreParams.toString()}#${BOARD_ID}`;
  const loadMore = () => {
    setShowAll(true);
    setRevealed(true);
  };

  const trimmed = query.trim();
  const matching = searchTopics(TOPICS, query).length;
  const shown = trimmed !== "" || showAll ? matching : Math.min(matching, TOPICS_PAGE_SIZE);
  const list = (topics: ForumTopic[]) => (
    <TopicList topics={topics} query={query} showAll={showAll} loadMoreHref={loadMoreHref} onLoadMore={loadMore} focusFirstRevealed={revealed} />
  );
  const tabs: TabItem[] = [
    { id: "recent", label: "Recent", panel: list(recentTopics(TOPICS)) },
    { id: "hot", label: "Hot", panel: list(hotTopics(TOPICS)) },
    { id: "activity", label: "My Activity", panel: <MyActivity /> },
  ];
  // The count describes the topic lists, so My Activity (always empty) shows none.
  const onTopicList = selectedTabId(tabs, searchParams.get(BOARD_PARAM)) !== "activity";
  const status = !onTopicList ? "" : trimmed !== "" ? `${topicCount(matching)} matching "${trimmed}"` : `Showing ${shown} of ${topicCount(TOPICS.length)}`;

  return (
    <section className={css.board} aria-labelledby="board-title">
      <div className={css.boardHeader}>
        <h2 id="board-title" className={css.boardTitle}>
          Discussion Board
        </h2>
        <Link prefetch="intent" to="/login" className={button.gold} aria-describedby="start-topic-note">
          Start New Topic
        </Link>
      </div>
      <p id="start-topic-note" className={css.note}>
        Starting a topic, replying and liking need a sign-in. Reading is open to everyone.
      </p>
      <p className={css.status} role="status">
        {status}
      </p>
      <Tabs id={BOARD_ID} param={BOARD_PARAM} label="Discussion Board" tabs={tabs} />
    </section>
  );
}

/** A box of the sidebar: a titled card; `titleId` labels it. */
function SideBox({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section className={info.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={info.subTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function FeaturedMembers() {
  return (
    <SideBox titleId="members-title" title="Featured Members">
      <ul className={css.members}>
        {FEATURED_MEMBERS.map((member) => (
          <li key={member.id} className={css.member}>
            <img src={member.avatar} alt="" width={48} height={48} className={css.avatar} loading="lazy" />
            <div>
              <p className={css.memberName}>
                {member.name}
                {member.verified && <span className={info.badge.verified}>✓ Verified</span>}
              </p>
              <p className={css.memberCity}>{member.city}</p>
              <Stars rating={member.rating} />
            </div>
          </li>
        ))}
      </ul>
    </SideBox>
  );
}

/** The join box's fields: what each asks, and what the browser may fill in. */
const JOIN_FIELDS = [
  { name: "name", label: "Display name", type: "text", autoComplete: "nickname", maxLength: 40 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "city", label: "City", type: "text", autoComplete: "address-level2", maxLength: 60 },
] as const;

/** The join box: fields and a Create Profile button with no action (spec); nothing is sent. */
export function JoinCommunity() {
  const id = useId();
  return (
    <SideBox titleId={`${id}-title`} title="Join The Community">
      <p className={info.cardText}>Pick a display name and tell the pound where you're from.</p>
      {JOIN_FIELDS.map((field) => (
        <div key={field.name} className={css.field}>
          <label htmlFor={`${id}-${field.name}`} className={css.fieldLabel}>
            {field.label}
          </label>
          <input id={`${id}-${field.name}`} className={css.input} type={field.type} autoComplete={field.autoComplete} maxLength={field.maxLength} />
        </div>
      ))}
      <button type="button" className={button.primary} aria-describedby={`${id}-note`}>
        Create Profile
      </button>
      <p id={`${id}-note`} className={css.note}>
        Profiles need a sign-in: Create Profile doesn't send or save anything you type here.{" "}
        <Link prefetch="intent" to="/login">
          How sign-in works
        </Link>
        .
      </p>
    </SideBox>
  );
}

/** The 5-star rating widget: rating needs a sign-in, so it leads to /login. */
export function RateCommunity() {
  return (
    <SideBox titleId="rate-title" title="Rate The Community">
      <p className={info.cardText}>How is the pound treating you? Ratings use a {RATING_SCALE}-star scale.</p>
      <span className={css.bigStars} aria-hidden="true">
        {Array.from({ length: RATING_SCALE }, (_, index) => (
          <svg key={index} width="32" height="32" viewBox="0 0 24 24" focusable="false">
            <path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
          </svg>
        ))}
      </span>
      <Link prefetch="intent" to="/login" className={button.secondary} aria-describedby="rate-note">
        Login To Rate
      </Link>
      <p id="rate-note" className={css.note}>
        Rating needs a sign-in.
      </p>
    </SideBox>
  );
}
