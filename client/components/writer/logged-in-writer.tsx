import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import type { MessageWriterProps } from './message-writer';
import type { WriterEditorHandle } from './writer-editor';
import { useDraft } from './use-draft';
import { isBlankMessage, mentionsError, messageError } from './writer-validation';
import './logged-in-writer.css';

// TipTap is about 126 KB gzipped (DESIGN.md): it is fetched when a writer is first shown to a user.
const WriterEditor = lazy(() => import('./writer-editor'));

/**
 * The writer of a user who may write: the lazily loaded editor with its §5 checks, the send button
 * with its spinner and the §8 failure box. A chunk of its own, with the shared message rules (and
 * zod): a guest's page never loads it.
 */
export function LoggedInWriter({
  label,
  submitLabel,
  status,
  initialContent,
  draft: draftPlace,
  insertion,
  onInserted,
  validateOthers,
  onSend,
  onDismissFailure,
  onCancel,
  children,
}: Omit<MessageWriterProps, 'may'>) {
  const editorRef = useRef<WriterEditorHandle>(null);
  const draft = useDraft(draftPlace);
  // An edit opens on its draft when one was left (the box closed by a click outside), else on the
  // message's text.
  const startingContent = draft.kept || initialContent;
  const [html, setHtml] = useState(startingContent ?? '');
  // What comes after the editor opened waits until it can take it (TipTap is made after the first
  // render): a draft found once the member was confirmed, shown unless something was typed
  // meanwhile (the draft it opened with is not blank), and a quote, added at the end.
  const [editorReady, setEditorReady] = useState(false);
  const markReady = useCallback(() => setEditorReady(true), []);
  useEffect(() => {
    const editor = editorRef.current;
    if (editorReady && draft.kept && editor && isBlankMessage(editor.getHTML()))
      editor.setContent(draft.kept);
  }, [editorReady, draft.kept]);
  useEffect(() => {
    if (insertion && editorReady && editorRef.current?.append(insertion.html)) onInserted?.(insertion.id);
  }, [insertion, editorReady, onInserted]);
  const [attempted, setAttempted] = useState(false);
  const errorId = useId();
  // The mention cap shows as soon as it is passed, not only on send.
  const error = (attempted ? messageError(html) : null) ?? mentionsError(html);
  const loading = status === LoadStatus.Loading;
  const failed =
    status !== LoadStatus.Loading && status !== LoadStatus.Finished && status !== LoadStatus.NotStarted;

  const handleSend = async () => {
    if (loading) return;
    const current = editorRef.current?.getHTML() ?? html;
    setHtml(current);
    setAttempted(true);
    const othersValid = validateOthers ? validateOthers() : true;
    if (messageError(current) || mentionsError(current) || !othersValid) return;
    try {
      await onSend(current);
    } catch {
      // The section holds the failure; the failure box shows it. The draft stays.
      return;
    }
    draft.save('');
    window.setTimeout(() => {
      editorRef.current?.clear();
      setHtml('');
      setAttempted(false);
    }, LIMITS.writerResetMs);
  };

  return (
    <div className="writer" aria-busy={loading}>
      {children}
      <Suspense
        fallback={
          <div className="writer-editor writer-editor-loading" role="status">
            {he.writer.loadingEditor}
          </div>
        }
      >
        <WriterEditor
          ref={editorRef}
          label={label}
          initialContent={startingContent}
          onReady={markReady}
          onChange={(next) => {
            setHtml(next);
            draft.save(isBlankMessage(next) || next === initialContent ? '' : next);
          }}
          invalid={error !== null}
          describedBy={error ? errorId : undefined}
        />
      </Suspense>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {failed ? (
        <button type="button" className="writer-failure" onClick={onDismissFailure}>
          <strong role="alert">{he.writer.failureTitle}</strong>
          <span>{he.writer.failureHint}</span>
        </button>
      ) : null}
      <div className="writer-actions">
        <button type="button" className="button button--primary" onClick={handleSend} disabled={loading}>
          {loading ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              // Cancelling is the one close that means "throw it away".
              draft.save('');
              onCancel();
            }}
            disabled={loading}
          >
            {he.common.cancel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
