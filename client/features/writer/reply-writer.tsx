import { HE } from '../../i18n/he-accounts';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateMessage } from './api/create-message';
import { MessageWriter } from './message-writer';

/** The reply writer under a topic's messages. */
export function ReplyWriter({ topicId }: { topicId: number }) {
  const { status, send } = useCreateMessage(topicId);
  return (
    <section className="reply-writer" aria-label={HE.writer.reply}>
      <MessageWriter
        label={HE.writer.label}
        submitLabel={HE.writer.reply}
        status={status}
        onSend={send}
        onDismissFailure={() => resetLoadStatus(Section.NewMessage, topicId)}
      />
    </section>
  );
}
