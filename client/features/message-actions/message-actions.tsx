import { type ComponentType, lazy, Suspense, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { type Actor, can, type MessageFacts } from '../../../shared/policies';
import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';
import { he } from '../../i18n/he';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useActor } from '../../session/auth-store';
import type { BoxProps } from './box-props';
import { PageLoader } from '../../components/page-loader';
import { LikeButton } from './like-button';
import { trackEvent } from '../../lib/analytics';
import { openHeaderPanel } from '../../session/header-panel';
import { quoteMarkup, requestQuote } from '../../components/writer/quote-requests';
import './message-actions.css';

// The boxes open on a click: each is its own chunk (with its form rules and zod), not part of the
// topic page a reader downloads (issue 10's budget).
const ReportBox = lazy(() => import('./report-box').then((m) => ({ default: m.ReportBox })));
const EditBox = lazy(() => import('./edit-box').then((m) => ({ default: m.EditBox })));
const MoveBox = lazy(() => import('./move-box').then((m) => ({ default: m.MoveBox })));
const SubjectBox = lazy(() => import('./subject-box').then((m) => ({ default: m.SubjectBox })));
const DeleteBox = lazy(() => import('./confirm-boxes').then((m) => ({ default: m.DeleteBox })));
const DeleteTopicBox = lazy(() => import('./confirm-boxes').then((m) => ({ default: m.DeleteTopicBox })));
const RefreshBox = lazy(() => import('./confirm-boxes').then((m) => ({ default: m.RefreshBox })));

/** One button of the action bar and the box it opens. */
interface Tool {
  name: string;
  label: string;
  /** Who sees the button: a rule of shared/policies.ts. */
  shown: (actor: Actor, message: MessageFacts) => boolean;
  /** The section that holds the box's status, per message or per topic. */
  section: Section;
  on: 'message' | 'topic';
  Box: ComponentType<BoxProps>;
}

/**
 * An admin's way from a message to suspending its author: the member's page with the suspend form
 * open. Not on an admin's own messages (nobody suspends themselves) nor an unknown author.
 */
const showSuspendAuthor = (actor: Actor, message: MessageFacts) =>
  can.manageMembers(actor) && actor?.id !== message.userId && message.userId > 0;

const TOOLS: readonly Tool[] = [
  {
    name: 'report',
    label: he.actions.report,
    shown: can.report,
    section: Section.AddMessageReport,
    on: 'message',
    Box: ReportBox,
  },
  {
    name: 'edit',
    label: he.actions.edit,
    shown: can.editMessage,
    section: Section.EditMessage,
    on: 'message',
    Box: EditBox,
  },
  {
    name: 'delete',
    label: he.actions.delete,
    shown: (actor, message) => can.deleteMessage(actor, message) === 'allowed',
    section: Section.DeleteMessage,
    on: 'message',
    Box: DeleteBox,
  },
  {
    name: 'move',
    label: he.actions.move,
    shown: (actor, message) => message.isMain && can.moveTopic(actor),
    section: Section.MoveTopic,
    on: 'topic',
    Box: MoveBox,
  },
  {
    name: 'subject',
    label: he.actions.editSubject,
    shown: (actor, message) => message.isMain && can.editSubject(actor),
    section: Section.EditSubject,
    on: 'topic',
    Box: SubjectBox,
  },
  {
    name: 'refresh',
    label: he.actions.refreshImage,
    shown: (actor, message) => message.isMain && can.refreshTopicImage(actor),
    section: Section.RefreshPostImage,
    on: 'topic',
    Box: RefreshBox,
  },
  {
    name: 'deleteTopic',
    label: he.actions.deleteTopic,
    shown: (actor, message) => message.isMain && can.deleteTopic(actor),
    section: Section.DeleteMessage,
    on: 'topic',
    Box: DeleteTopicBox,
  },
];

/**
 * The actions under a message (docs/product.md §4, §6): like for users, report for everyone, edit and delete
 * for the author or an admin, and on the main message the admin's topic actions. Who sees what is
 * decided by the shared policies; the server decides again on every call.
 */
export function MessageActions({
  message,
  post,
  isMain,
  author,
  quotable = false,
}: {
  message: Message;
  post: Post;
  isMain: boolean;
  /** The author's name, for a quote's heading. */
  author?: string;
  /** The page has a reply writer to quote into. */
  quotable?: boolean;
}) {
  const actor = useActor();
  const [open, setOpen] = useState<Tool | null>(null);
  const facts: MessageFacts = { userId: message.userId, isMain };
  const tools = TOOLS.filter((tool) => tool.shown(actor, facts));
  const reset = (tool: Tool) => resetLoadStatus(tool.section, tool.on === 'topic' ? post.id : message.id);

  const toggle = (tool: Tool) => {
    if (open && open !== tool) reset(open);
    reset(tool);
    setOpen((current) => (current === tool ? null : tool));
  };
  const close = () => {
    if (open) reset(open);
    setOpen(null);
  };

  return (
    <div className="message-actions">
      <div className="message-actions-bar">
        <LikeButton message={message} topicId={post.id} />
        {quotable ? (
          // Shown to guests too, as the like button is, so the bar does not shift when the session is
          // known (a tap meant for the report button landed on it): a guest is asked to log in.
          <button
            type="button"
            className="action-button"
            data-action="quote"
            onClick={() => {
              if (can.reply(actor)) requestQuote(post.id, quoteMarkup(message, author ?? he.unknownUser));
              else {
                trackEvent('guest_write');
                openHeaderPanel('Login', he.guards.writeRequiresLogin);
              }
            }}
          >
            {he.actions.quote}
          </button>
        ) : null}
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className="action-button"
            aria-expanded={open === tool}
            onClick={() => toggle(tool)}
            data-action={tool.name}
          >
            {tool.label}
          </button>
        ))}
        {showSuspendAuthor(actor, facts) ? (
          <AppLink
            className="action-button"
            to={`/admin/members/${message.userId}?suspend=1`}
            data-action="suspendAuthor"
          >
            {he.actions.suspendAuthor}
          </AppLink>
        ) : null}
      </div>
      {open ? (
        <Suspense fallback={<PageLoader compact />}>
          <open.Box message={message} post={post} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
