/** Who may do what with a message (spec §6). `null` is a guest. */
type Actor = { id: number; is_admin: number } | null;
type MessageFacts = { userId: number; isMain: boolean };

const isAdmin = (actor: Actor) => actor?.is_admin === 1;
const isAuthor = (actor: Actor, message: MessageFacts) => actor !== null && actor.id === message.userId;

export type DeleteDecision = 'allowed' | 'forbidden' | 'main-message';

export const messagePolicy = {
  /** Any logged-in user replies and likes. */
  reply: (actor: Actor) => actor !== null,
  like: (actor: Actor) => actor !== null,
  /** The author or an admin edits any message, the main one included. */
  edit: (actor: Actor, message: MessageFacts) => isAdmin(actor) || isAuthor(actor, message),
  /**
   * A reply is deleted by its author or an admin. The main message goes only with its topic
   * (admin), so even they are told to delete the topic instead.
   */
  delete: (actor: Actor, message: MessageFacts): DeleteDecision => {
    if (!isAdmin(actor) && !isAuthor(actor, message)) return 'forbidden';
    return message.isMain ? 'main-message' : 'allowed';
  },
};
