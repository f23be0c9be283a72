import { he } from '../../i18n/he';

/** "N new topics - show" above a list; announced politely, inserted only on the reader's click. */
export function NewTopicsBanner({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div aria-live="polite">
      {count > 0 ? (
        <button type="button" className="new-topics" onClick={onShow}>
          {he.newTopics(count)}
        </button>
      ) : null}
    </div>
  );
}
