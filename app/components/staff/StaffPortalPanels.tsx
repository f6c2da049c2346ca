/**
 * The six panels of the staff portal (spec section 2). The content is static: apart from the
 * HR & Benefits cards, which open the benefits page, the portal's buttons have no visible
 * action (spec). They stay real buttons, and each is described by the page's note saying
 * they are available on the staff network, so assistive technology says why nothing happens.
 */
import type { ReactNode } from "react";
import { Card, LinkCard } from "~/components/info/InfoPage";
import * as css from "~/components/info/info.css";
import {
  ANNOUNCEMENTS,
  DOCUMENTS,
  HR_CARDS,
  LEARNING_RESOURCES,
  QUICK_LINKS,
  SUPPORT_CHANNELS,
  TEAM_DIRECTORY,
  TOOLS,
  TRAINING_SESSIONS,
  UPCOMING_EVENTS,
} from "~/content/staff";
import { button } from "~/styles/ui.css";
import * as staff from "./staff.css";

/** The id of the note that every staff-network button points to with aria-describedby. */
export const STAFF_NETWORK_NOTE_ID = "staff-network-note";

function StaffNetworkButton({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <button type="button" className={className ?? button.ghost} aria-label={label} aria-describedby={STAFF_NETWORK_NOTE_ID}>
      {children}
    </button>
  );
}

/** A titled part of a panel; `name` gives its heading's id (`{name}-heading`). */
function PanelSection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className={staff.column} aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`} className={staff.panelHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A row of a list: a tile (date or file type), a title over a line of details, an optional button. */
function Row({ tile, title, details, action }: { tile: ReactNode; title: string; details: ReactNode; action?: ReactNode }) {
  return (
    <li className={staff.row}>
      {tile}
      <div>
        <p className={staff.rowTitle}>{title}</p>
        <p className={staff.rowMeta}>{details}</p>
      </div>
      {action && <span className={staff.rowAction}>{action}</span>}
    </li>
  );
}

/** "April 17, 2025" as a calendar tile: APR / 17. */
function DateTile({ date }: { date: string }) {
  const [month = "", day = ""] = date.replace(",", "").split(" ");
  return (
    <span className={staff.dateBlock} aria-hidden="true">
      <span className={staff.dateMonth}>{month.slice(0, 3)}</span>
      <span className={staff.dateDay}>{day}</span>
    </span>
  );
}

/** An announcement's kind and date, above its title. */
function AnnouncementLine({ tag, date }: { tag: string; date: string }) {
  return (
    <p className={css.cardMeta}>
      <span className={css.badge.accent}>{tag}</span>
      <span>{date}</span>
    </p>
  );
}

const initialsOf = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

export function DashboardPanel() {
  return (
    <div className={staff.dashboard}>
      <div className={staff.column}>
        <PanelSection name="announcements" title="Announcements">
          {ANNOUNCEMENTS.map((item) => (
            <Card key={item.id} as="article" title={item.title} text={item.text} before={<AnnouncementLine tag={item.tag} date={item.date} />} />
          ))}
        </PanelSection>
      </div>
      <div className={staff.column}>
        <PanelSection name="quick-links" title="Quick Links">
          <div className={staff.quickLinks}>
            {QUICK_LINKS.map((label) => (
              <StaffNetworkButton key={label} className={staff.quickLink}>
                {label}
              </StaffNetworkButton>
            ))}
          </div>
        </PanelSection>
        <PanelSection name="events" title="Upcoming Events">
          <ul className={staff.rows}>
            {UPCOMING_EVENTS.map((event) => (
              <Row key={event.id} tile={<DateTile date={event.date} />} title={event.title} details={`${event.date} · ${event.time} · ${event.place}`} />
            ))}
          </ul>
        </PanelSection>
      </div>
    </div>
  );
}

export function ResourcesPanel() {
  return (
    <div className={staff.stack}>
      <PanelSection name="documents" title="Document Library">
        <ul className={staff.rows}>
          {DOCUMENTS.map((doc) => (
            <Row
              key={doc.title}
              tile={
                <span className={staff.fileType[doc.type]}>
                  <span aria-hidden="true">{doc.type}</span>
                </span>
              }
              title={doc.title}
              details={
                <>
                  <span>{doc.type} file</span> · {doc.size} · Updated {doc.updated}
                </>
              }
              action={<StaffNetworkButton label={`Download ${doc.title}`}>Download</StaffNetworkButton>}
            />
          ))}
        </ul>
      </PanelSection>
      <PanelSection name="directory" title="Team Directory">
        <ul className={css.gridWide} role="list">
          {TEAM_DIRECTORY.map((member) => (
            <li key={member.id} className={css.card}>
              <div className={staff.person}>
                <span className={staff.initials} aria-hidden="true">
                  {initialsOf(member.name)}
                </span>
                <div>
                  <p className={staff.rowTitle}>{member.name}</p>
                  <p className={staff.rowMeta}>{member.role}</p>
                </div>
              </div>
              <p className={css.cardMeta}>
                <span className={css.badge.plain}>{member.team}</span>
                <span>{member.email}</span>
              </p>
            </li>
          ))}
        </ul>
      </PanelSection>
    </div>
  );
}

export function HrBenefitsPanel() {
  return (
    <PanelSection name="hr" title="HR & Benefits">
      <p className={css.cardText}>Your benefits start on your first day. Pick a topic to read the details on the benefits page.</p>
      <ul className={css.gridWide} role="list">
        {HR_CARDS.map((card) => (
          <LinkCard key={card.id} to={card.to} title={card.title} text={card.text} cue="View benefits →" data-hr-card />
        ))}
      </ul>
    </PanelSection>
  );
}

export function ToolsPanel() {
  return (
    <PanelSection name="tools" title="Tools">
      <ul className={css.gridWide} role="list">
        {TOOLS.map((tool) => (
          <Card key={tool.id} title={tool.name} text={tool.text} footer={<StaffNetworkButton>{tool.action}</StaffNetworkButton>} />
        ))}
      </ul>
    </PanelSection>
  );
}

export function TrainingPanel() {
  return (
    <div className={staff.stack}>
      <PanelSection name="sessions" title="Upcoming Sessions">
        <ul className={staff.rows}>
          {TRAINING_SESSIONS.map((session) => (
            <Row
              key={session.id}
              tile={<DateTile date={session.date} />}
              title={session.title}
              details={`${session.date} · ${session.time} · ${session.format}`}
              action={<StaffNetworkButton label={`Register for ${session.title}`}>Register</StaffNetworkButton>}
            />
          ))}
        </ul>
      </PanelSection>
      <PanelSection name="learning" title="Learning Resources">
        <ul className={css.grid} role="list">
          {LEARNING_RESOURCES.map((course) => (
            <Card
              key={course.id}
              data-testid="learning-resource"
              before={<span className={css.badge.gold}>{course.modules} modules</span>}
              title={course.title}
              text={course.text}
              footer={<StaffNetworkButton label={`Start ${course.title}`}>Start Learning</StaffNetworkButton>}
            />
          ))}
        </ul>
      </PanelSection>
    </div>
  );
}

export function SupportPanel() {
  return (
    <PanelSection name="support" title="Support">
      <ul className={css.grid} role="list">
        {SUPPORT_CHANNELS.map((channel) => (
          <Card key={channel.id} title={channel.title} text={channel.text} footer={<StaffNetworkButton>{channel.action}</StaffNetworkButton>}>
            {channel.email && <p className={css.cardMeta}>{channel.email}</p>}
          </Card>
        ))}
      </ul>
    </PanelSection>
  );
}
