import { he } from '../../i18n/he';

/**
 * "N new topics - show" over the top of a list, in view while the reader scrolls it; announced
 * politely; the topics are inserted only on the reader's click.
 */
export function NewTopicsBanner({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="new-topics-bar" aria-live="polite">
      {count > 0 ? (
        <button type="button" className="new-topics" onClick={onShow}>
          {he.newTopics(count)}
        </button>
      ) : null}
    </div>
  );
}
