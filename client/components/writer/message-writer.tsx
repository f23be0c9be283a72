import { lazy, type ReactNode, Suspense } from 'react';
import type { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { trackEvent } from '../../lib/analytics';
import { openHeaderPanel } from '../../session/header-panel';
import type { Actor } from '../../../shared/policies';
import { useActor } from '../../session/auth-store';
import '../form/forms.css';
import './writer.css';

// The editor, its checks and the shared message rules load when a writer is first shown to a user.
const LoggedInWriter = lazy(() => import('./logged-in-writer').then((m) => ({ default: m.LoggedInWriter })));

export interface MessageWriterProps {
  /** Who may write here: a rule of shared/policies.ts (reply, createTopic, editMessage). */
  may: (actor: Actor) => boolean;
  label: string;
  submitLabel: string;
  status: LoadStatus;
  initialContent?: string;
  /**
   * Where the unsent text is kept as the member's draft (client/lib/drafts.ts), e.g. `reply:42`,
   * or an edit's `editDraftPlace`: a writer with `initialContent` opens on its draft when one was
   * left, and its cancel button throws the draft away.
   */
  draft?: string;
  /** Markup to add at the end of the text once (a quote), with its id; `onInserted` hears it went in. */
  insertion?: { id: number; html: string } | null;
  onInserted?: (id: number) => void;
  /** Checks the fields around the editor (e.g. a subject); false stops the send. */
  validateOthers?: () => boolean;
  /** Sends the markup; the writer is cleared `writerResetMs` after it resolves (docs/product.md §4). */
  onSend: (html: string) => Promise<unknown>;
  onDismissFailure: () => void;
  onCancel?: () => void;
  /** Fields shown above the editor, e.g. the new topic's subject. */
  children?: ReactNode;
}

/**
 * A writer: the lazily loaded editor with its §5 checks, the send button with its spinner and the
 * §8 failure box. Guests see a prompt instead, which opens the login panel with the spec's message.
 */
export function MessageWriter({ may, ...props }: MessageWriterProps) {
  const actor = useActor();
  if (!may(actor)) return <GuestWriter />;
  return (
    <Suspense fallback={<WriterLoading />}>
      <LoggedInWriter {...props} />
    </Suspense>
  );
}

/** What a guest sees where a writer would be: a prompt that opens the login panel. */
export function GuestWriter() {
  return (
    <div className="writer writer-guest">
      <button
        type="button"
        className="writer-guest-prompt"
        onClick={() => {
          trackEvent('guest_write');
          openHeaderPanel('Login', he.guards.writeRequiresLogin);
        }}
      >
        {he.writer.placeholder}
      </button>
    </div>
  );
}

/** The writer's place while its chunk loads: the editor's own loading box. */
export function WriterLoading() {
  return (
    <div className="writer">
      <div className="writer-editor writer-editor-loading" role="status">
        {he.writer.loadingEditor}
      </div>
    </div>
  );
}
