let loading: Promise<[typeof import('@dicebear/core'), typeof import('@dicebear/personas')]> | undefined;

/** DiceBear (about 25 MB of memory) loads with the first avatar drawn, not at start. */
function loadDiceBear() {
  loading ??= Promise.all([import('@dicebear/core'), import('@dicebear/personas')]);
  return loading;
}

/** Soft backgrounds that keep every face readable in the light and the dark theme. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8'];

/**
 * A user's avatar as SVG. The seed is the id and the username together, so two users never share
 * a face by sharing a name, and a renamed user gets a new one (its URL carries the name's hash).
 */
export async function renderAvatar(user: { id: number; username: string }): Promise<string> {
  const [{ createAvatar }, personas] = await loadDiceBear();
  return createAvatar(personas, {
    seed: `${user.id}:${user.username}`,
    size: 128,
    backgroundColor: BACKGROUNDS,
    backgroundType: ['solid'],
  }).toString();
}
