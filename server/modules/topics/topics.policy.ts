/** Who may do what with a topic (spec §6). `null` is a guest. */
type Actor = { id: number; is_admin: number } | null;

const isAdmin = (actor: Actor) => actor?.is_admin === 1;

export const topicPolicy = {
  /** Any logged-in user writes topics. */
  create: (actor: Actor) => actor !== null,
  /** Deleting, moving, renaming a topic and refreshing its image are admin work. */
  delete: isAdmin,
  move: isAdmin,
  editSubject: isAdmin,
  refreshImage: isAdmin,
};
