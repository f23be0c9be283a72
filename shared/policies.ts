/**
 * Who may do what: the one place the roles of docs/product.md ("Roles and permissions") are decided.
 * Pure functions over the actor and the resource, called by the server's services before they write
 * and by the client's controls before they show a button, so the two can never disagree.
 *
 * `null` is a guest. The server maps its user row to an `Actor` (`is_admin === 1`); the client passes
 * the logged-in user it holds.
 */
export type Actor = { id: number; isAdmin: boolean } | null;

/** What a message rule needs to know about the message. */
export type MessageFacts = { userId: number; isMain: boolean };

const isLoggedIn = (actor: Actor): actor is { id: number; isAdmin: boolean } => actor !== null;
const isAdmin = (actor: Actor) => actor?.isAdmin === true;
const isAuthor = (actor: Actor, message: MessageFacts) => actor !== null && actor.id === message.userId;

/** Why a message may not be deleted: a stranger's message, or the main one that goes only with its topic. */
export type DeleteMessageDecision = 'allowed' | 'forbidden' | 'main-message';

export const can = {
  /** Any logged-in user writes topics and replies, likes and searches. */
  createTopic: isLoggedIn,
  reply: isLoggedIn,
  like: isLoggedIn,
  search: isLoggedIn,
  /** Anyone, a guest too, reports a message: the captcha stands in for a login. */
  report: (_actor: Actor) => true,

  /** The author or an admin edits any message, the main one included. */
  editMessage: (actor: Actor, message: MessageFacts) => isAdmin(actor) || isAuthor(actor, message),
  /**
   * A reply is deleted by its author or an admin. The main message goes only with its topic, so even
   * an admin is told to delete the topic instead.
   */
  deleteMessage: (actor: Actor, message: MessageFacts): DeleteMessageDecision => {
    if (!isAdmin(actor) && !isAuthor(actor, message)) return 'forbidden';
    return message.isMain ? 'main-message' : 'allowed';
  },

  /** Deleting, moving, renaming a topic and refreshing its image are admin work. */
  deleteTopic: isAdmin,
  moveTopic: isAdmin,
  editSubject: isAdmin,
  refreshTopicImage: isAdmin,

  /** Only admins see the message reports and close them. */
  moderateReports: isAdmin,
  /** Only admins read the moderation log, which keeps the last text of deleted messages. */
  readModerationLog: isAdmin,

  /** Creating, renaming, reordering, merging and deleting forums is admin work. */
  manageForums: isAdmin,
  /** The site's name, description, contact address and footer links: admins only. */
  manageSite: isAdmin,
  /** Finding members, suspending them, lifting a suspension, deleting a suspended member's messages. */
  manageMembers: isAdmin,
  /** Making a member an admin or taking it back (never from the last admin: a service rule). */
  grantAdmin: isAdmin,
  /** Every logged-in user downloads their own data and deletes their own account. */
  exportOwnData: isLoggedIn,
  deleteOwnAccount: isLoggedIn,
};
