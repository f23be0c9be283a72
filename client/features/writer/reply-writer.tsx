import { can } from '../../../shared/policies';
import { he } from '../../i18n/he';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateMessage } from './api/create-message';
import { MessageWriter } from '../../components/writer/message-writer';
import { quoteTaken, useQuoteRequest } from '../../components/writer/quote-requests';

/** The reply writer under a topic's messages. */
export function ReplyWriter({ topicId }: { topicId: number }) {
  const { status, send } = useCreateMessage(topicId);
  const quote = useQuoteRequest(topicId);
  return (
    <section className="reply-writer" aria-label={he.writer.reply}>
      <MessageWriter
        may={can.reply}
        label={he.writer.label}
        submitLabel={he.writer.reply}
        draft={`reply:${topicId}`}
        insertion={quote}
        onInserted={quoteTaken}
        status={status}
        onSend={send}
        onDismissFailure={() => resetLoadStatus(Section.NewMessage, topicId)}
      />
    </section>
  );
}
