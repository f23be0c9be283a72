import { lazy, Suspense, useId } from 'react';
import { can } from '../../../shared/policies';
import { he } from '../../i18n/he';
import { useActor } from '../../session/auth-store';
import { GuestWriter, WriterLoading } from '../../components/writer/message-writer';

const NewTopicForm = lazy(() => import('./new-topic-form').then((m) => ({ default: m.NewTopicForm })));

/** The new-topic box of a forum page: the form for a user who may open topics, a login prompt for a guest. */
export function NewTopicBox({ forumId }: { forumId: number }) {
  const actor = useActor();
  const titleId = useId();
  return (
    <section className="new-topic-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="writer-title">
        {he.writer.newTopic}
      </h2>
      {can.createTopic(actor) ? (
        <Suspense fallback={<WriterLoading />}>
          <NewTopicForm forumId={forumId} />
        </Suspense>
      ) : (
        <GuestWriter />
      )}
    </section>
  );
}
