/**
 * The six panels of the staff portal (spec section 2). The content is static: apart from the
 * HR & Benefits cards, which open the benefits page, the portal's buttons have no visible
 * action (spec). They stay real buttons, and each is described by the page's note saying
 * they are available on the staff network, so assistive technology says why nothing happens.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
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
import * as css from "~/components/info/info.css";
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

export function DashboardPanel() {
  return (
    <div className={staff.dashboard}>
      <div className={staff.column}>
        <section className={staff.column} aria-labelledby="announcements-heading">
          <h2 id="announcements-heading" className={staff.panelHeading}>
            Announcements
          </h2>
          {ANNOUNCEMENTS.map((item) => (
            <article key={item.id} className={css.card}>
              <p className={css.cardMeta}>
                <span className={css.badge.accent}>{item.tag}</span>
                <span>{item.date}</span>
              </p>
              <h3 className={css.cardTitle}>{item.title}</h3>
              <p className={css.cardText}>{item.text}</p>
            </article>
          ))}
        </section>
      </div>
      <div className={staff.column}>
        <section className={staff.column} aria-labelledby="quick-links-heading">
          <h2 id="quick-links-heading" className={staff.panelHeading}>
            Quick Links
          </h2>
          <div className={staff.quickLinks}>
            {QUICK_LINKS.map((label) => (
              <StaffNetworkButton key={label} className={staff.quickLink}>
                {label}
              </StaffNetworkButton>
            ))}
          </div>
        </section>
        <section className={staff.column} aria-labelledby="events-heading">
          <h2 id="events-heading" className={staff.panelHeading}>
            Upcoming Events
          </h2>
          <ul className={staff.rows}>
            {UPCOMING_EVENTS.map((event) => (
              <li key={event.id} className={staff.row}>
                <DateTile date={event.date} />
                <div>
                  <p className={staff.rowTitle}>{event.title}</p>
                  <p className={staff.rowMeta}>
                    {event.date} · {event.time} · {event.place}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export function ResourcesPanel() {
  return (
    <div className={staff.stack}>
      <section className={staff.column} aria-labelledby="documents-heading">
        <h2 id="documents-heading" className={staff.panelHeading}>
          Document Library
        </h2>
        <ul className={staff.rows}>
          {DOCUMENTS.map((doc) => (
            <li key={doc.id} className={staff.row}>
              <span className={staff.fileType[doc.type]}>
                <span aria-hidden="true">{doc.type}</span>
              </span>
              <div>
                <p className={staff.rowTitle}>{doc.title}</p>
                <p className={staff.rowMeta}>
                  <span>{doc.type} file</span> · {doc.size} · Updated {doc.updated}
                </p>
              </div>
              <span className={staff.rowAction}>
                <StaffNetworkButton label={`Download ${doc.title}`}>Download</StaffNetworkButton>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className={staff.column} aria-labelledby="directory-heading">
        <h2 id="directory-heading" className={staff.panelHeading}>
          Team Directory
        </h2>
        <ul className={css.gridWide} role="list">
          {TEAM_DIRECTORY.map((member) => (
            <li key={member.id} className={css.card}>
              <div className={staff.person}>
                <span className={staff.initials} aria-hidden="true">
                  {member.name
                    .split(" ")
                    .map((part) => part[0])
                    .join("")}
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
      </section>
    </div>
  );
}

export function HrBenefitsPanel() {
  return (
    <section className={staff.column} aria-labelledby="hr-heading">
      <h2 id="hr-heading" className={staff.panelHeading}>
        HR &amp; Benefits
      </h2>
      <p className={css.cardText}>Your benefits start on your first day. Pick a topic to read the details on the benefits page.</p>
      <ul className={css.gridWide} role="list">
        {HR_CARDS.map((card) => (
          <li key={card.id}>
            <Link prefetch="intent" to={card.to} className={css.linkCard} data-hr-card>
              <h3 className={css.cardTitle}>{card.title}</h3>
              <p className={css.cardText}>{card.text}</p>
              <span className={css.badge.accent} aria-hidden="true">
                View benefits →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ToolsPanel() {
  return (
    <section className={staff.column} aria-labelledby="tools-heading">
      <h2 id="tools-heading" className={staff.panelHeading}>
        Tools
      </h2>
      <ul className={css.gridWide} role="list">
        {TOOLS.map((tool) => (
          <li key={tool.id} className={css.card}>
            <h3 className={css.cardTitle}>{tool.name}</h3>
            <p className={css.cardText}>{tool.text}</p>
            <div className={css.cardFooter}>
              <StaffNetworkButton>{tool.action}</StaffNetworkButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TrainingPanel() {
  return (
    <div className={staff.stack}>
      <section className={staff.column} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={staff.panelHeading}>
          Upcoming Sessions
        </h2>
        <ul className={staff.rows}>
          {TRAINING_SESSIONS.map((session) => (
            <li key={session.id} className={staff.row}>
              <DateTile date={session.date} />
              <div>
                <p className={staff.rowTitle}>{session.title}</p>
                <p className={staff.rowMeta}>
                  {session.date} · {session.time} · {session.format}
                </p>
              </div>
              <span className={staff.rowAction}>
                <StaffNetworkButton label={`Register for ${session.title}`}>Register</StaffNetworkButton>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className={staff.column} aria-labelledby="learning-heading">
        <h2 id="learning-heading" className={staff.panelHeading}>
          Learning Resources
        </h2>
        <ul className={css.grid} role="list">
          {LEARNING_RESOURCES.map((course) => (
            <li key={course.id} className={css.card} data-testid="learning-resource">
              <span className={css.badge.gold}>{course.modules} modules</span>
              <h3 className={css.cardTitle}>{course.title}</h3>
              <p className={css.cardText}>{course.text}</p>
              <div className={css.cardFooter}>
                <StaffNetworkButton label={`Start ${course.title}`}>Start Learning</StaffNetworkButton>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function SupportPanel() {
  return (
    <section className={staff.column} aria-labelledby="support-heading">
      <h2 id="support-heading" className={staff.panelHeading}>
        Support
      </h2>
      <ul className={css.grid} role="list">
        {SUPPORT_CHANNELS.map((channel) => (
          <li key={channel.id} className={css.card}>
            <h3 className={css.cardTitle}>{channel.title}</h3>
            <p className={css.cardText}>{channel.text}</p>
            {channel.email && <p className={css.cardMeta}>{channel.email}</p>}
            <div className={css.cardFooter}>
              <StaffNetworkButton>{channel.action}</StaffNetworkButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
