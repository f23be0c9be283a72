import { emojiPath, twemojiCode } from '../../shared/emoji';

/**
 * A forum's emoji icon drawn as its Twemoji image: not every phone or desktop has an emoji font,
 * and a missing one shows an empty box.
 */
export function ForumIcon({
  icon,
  size = 20,
  className,
}: {
  icon: string;
  size?: number;
  className?: string;
}) {
  return (
    <img
      className={className ? `forum-icon ${className}` : 'forum-icon'}
      src={emojiPath(twemojiCode(icon))}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
