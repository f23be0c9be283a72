import { LoadStatus } from '../../../shared/load-status';
import { can } from '../../../shared/policies';
import type { Message } from '../../../shared/schemas/messages';
import { he } from '../../i18n/he';
import { trackEvent } from '../../lib/analytics';
import { Section } from '../../lib/load-status-store';
import { sectionErrorMessage } from '../../lib/section-error';
import { useActor } from '../../session/auth-store';
import { openHeaderPanel } from '../../session/header-panel';
import { useLikeMessage } from './api/like-message';

const SETTLED = new Set([LoadStatus.NotStarted, LoadStatus.Loading, LoadStatus.Finished]);

/** The like toggle with its count; a guest is sent to the login panel with the spec's message. */
export function LikeButton({ message, topicId }: { message: Message; topicId: number }) {
  const actor = useActor();
  const { status, toggle } = useLikeMessage(topicId, message.id);
  const liked = actor !== null && message.likes.includes(actor.id);
  const loading = status === LoadStatus.Loading;
  const handleClick = () => {
    if (!can.like(actor)) {
      trackEvent('guest_like');
      openHeaderPanel('Login', he.guards.likeRequiresLogin);
      return;
    }
    if (!loading) toggle().catch(() => undefined);
  };
  return (
    <>
      <button
        type="button"
        className={liked ? 'action-button like-button is-liked' : 'action-button like-button'}
        aria-pressed={liked}
        aria-label={`${liked ? he.actions.unlike : he.actions.like} (${he.likes(message.likes.length)})`}
        onClick={handleClick}
        disabled={loading}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
        <span aria-hidden="true">{message.likes.length}</span>
      </button>
      {SETTLED.has(status) ? null : (
        <span className="action-inline-error" role="alert">
          {sectionErrorMessage(Section.LikeMessage, status)}
        </span>
      )}
    </>
  );
}
