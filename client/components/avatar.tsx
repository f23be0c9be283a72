import type { PublicUser } from '../../shared/schemas/common';

/** A user's generated avatar (docs/product.md §1); a neutral circle while the user is unknown. */
export function Avatar({
  user,
  size = 40,
}: {
  user: Pick<PublicUser, 'avatar' | 'username'> | null | undefined;
  size?: number;
}) {
  if (!user)
    return <span className="avatar avatar--empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <img
      className="avatar"
      src={user.avatar}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
