import { type ReactNode, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { LoadStatus } from '../../../shared/load-status';
import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';
import { HE } from '../../i18n/he-accounts';
import { trackEvent } from '../../lib/analytics';
import { openHeaderPanel } from '../../lib/header-panel';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useAuth } from '../auth/auth-store';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { useClickOutside } from '../forms/use-click-outside';
import { useForums } from '../forums/get-forums';
import { MessageWriter } from '../writer/message-writer';
import { useAddMessageReport } from './api/add-message-report';
import { useDeleteMessage } from './api/delete-message';
import { useDeleteTopic } from './api/delete-topic';
import { useEditMessage } from './api/edit-message';
import { useEditSubject } from './api/edit-subject';
import { useLikeMessage } from './api/like-message';
import { useMoveTopic } from './api/move-topic';
import { useRefreshTopicImage } from './api/refresh-topic-image';
import { reportContentError, reportEmailError } from './report-rules';
import './message-actions.css';

type Box = 'report' | 'edit' | 'delete' | 'move' | 'subject' | 'refresh' | 'deleteTopic';

/** Which section and id hold the status of each box, so closing a box can reset it. */
const BOX_SECTIONS: Record<Box, Section> = {
  report: Section.AddMessageReport,
  edit: Section.EditMessage,
  delete: Section.DeleteMessage,
  move: Section.MoveTopic,
  subject: Section.EditSubject,
  refresh: Section.RefreshPostImage,
  deleteTopic: Section.DeleteMessage,
};

/**
 * The actions under a message (spec §4, §6): like for users, report for everyone, edit and
 * delete for the author or an admin, and on the main message the admin's topic actions.
 */
export function MessageActions({ message, post, isMain }: { message: Message; post: Post; isMain: boolean }) {
  const auth = useAuth();
  const [box, setBox] = useState<Box | null>(null);
  const isAdmin = auth.user?.isAdmin === true;
  const isAuthor = auth.userId !== null && auth.userId === message.userId;
  const canEdit = auth.isLoggedIn && (isAuthor || isAdmin);
  const canDelete = auth.isLoggedIn && (isMain ? false : isAuthor || isAdmin);
  const boxId = (name: Box) =>
    name === 'move' || name === 'subject' || name === 'refresh' || name === 'deleteTopic'
      ? post.id
      : message.id;

  const open = (name: Box) => {
    if (box && box !== name) resetLoadStatus(BOX_SECTIONS[box], boxId(box));
    resetLoadStatus(BOX_SECTIONS[name], boxId(name));
    setBox((current) => (current === name ? null : name));
  };
  const close = () => {
    if (box) resetLoadStatus(BOX_SECTIONS[box], boxId(box));
    setBox(null);
  };

  const toolbar = (name: Box, label: string) => (
    <button
      type="button"
      className="action-button"
      aria-expanded={box === name}
      onClick={() => open(name)}
      data-action={name}
    >
      {label}
    </button>
  );

  return (
    <div className="message-actions">
      <div className="message-actions-bar">
        <LikeButton message={message} topicId={post.id} />
        {toolbar('report', HE.actions.report)}
        {canEdit ? toolbar('edit', HE.actions.edit) : null}
        {canDelete ? toolbar('delete', HE.actions.delete) : null}
        {isMain && isAdmin ? (
          <>
            {toolbar('move', HE.actions.move)}
            {toolbar('subject', HE.actions.editSubject)}
            {toolbar('refresh', HE.actions.refreshImage)}
            {toolbar('deleteTopic', HE.actions.deleteTopic)}
          </>
        ) : null}
      </div>
      {box === 'report' ? <ReportBox messageId={message.id} onClose={close} /> : null}
      {box === 'edit' ? <EditBox message={message} topicId={post.id} onClose={close} /> : null}
      {box === 'delete' ? <DeleteBox messageId={message.id} topicId={post.id} onClose={close} /> : null}
      {box === 'move' ? <MoveBox post={post} onClose={close} /> : null}
      {box === 'subject' ? <SubjectBox post={post} onClose={close} /> : null}
      {box === 'refresh' ? <RefreshBox topicId={post.id} onClose={close} /> : null}
      {box === 'deleteTopic' ? <DeleteTopicBox post={post} onClose={close} /> : null}
    </div>
  );
}

function LikeButton({ message, topicId }: { message: Message; topicId: number }) {
  const auth = useAuth();
  const { status, toggle } = useLikeMessage(topicId, message.id);
  const liked = auth.userId !== null && message.likes.includes(auth.userId);
  const loading = status === LoadStatus.Loading;
  const handleClick = () => {
    if (!auth.isLoggedIn) {
      trackEvent('guest_like');
      openHeaderPanel('Login', HE.guards.likeRequiresLogin);
      return;
    }
    if (!loading) toggle().catch(() => undefined);
  };
  const failed =
    status !== LoadStatus.NotStarted && status !== LoadStatus.Loading && status !== LoadStatus.Finished;
  return (
    <>
      <button
        type="button"
        className={liked ? 'action-button like-button is-liked' : 'action-button like-button'}
        aria-pressed={liked}
        aria-label={`${liked ? HE.actions.unlike : HE.actions.like} (${HE.actions.likes(message.likes.length)})`}
        onClick={handleClick}
        disabled={loading}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
        <span aria-hidden="true">{message.likes.length}</span>
      </button>
      {failed ? (
        <span className="action-inline-error" role="alert">
          {HE.actions.failed}
        </span>
      ) : null}
    </>
  );
}

/**
 * An action box: its form while waiting, a spinner while loading, the failure message (click to
 * try again) and the result. A click outside closes it unless it is loading (armed after 300 ms).
 */
function ActionBox({
  title,
  status,
  section,
  id,
  finished,
  onClose,
  children,
}: {
  title: string;
  status: LoadStatus;
  section: Section;
  id: number;
  finished: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const loading = status === LoadStatus.Loading;
  useClickOutside(ref, onClose, !loading);
  let body: ReactNode;
  if (loading) body = <Spinner label={HE.common.loading} />;
  else if (status === LoadStatus.Finished) body = <StatusMessage tone="success">{finished}</StatusMessage>;
  else if (status !== LoadStatus.NotStarted)
    body = (
      <StatusMessage tone="error" onReset={() => resetLoadStatus(section, id)}>
        {HE.actions.failed}
      </StatusMessage>
    );
  else body = children;
  return (
    <section className="action-box" ref={ref} aria-label={title}>
      <div className="action-box-head">
        <h3>{title}</h3>
        {loading ? null : (
          <button type="button" className="action-box-close" aria-label={HE.common.close} onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
      {body}
    </section>
  );
}

function ReportBox({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const { status, send } = useAddMessageReport(messageId);
  const [content, setContent] = useState('');
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const id = useId();
  const contentProblem = attempted ? reportContentError(content) : null;
  const emailProblem = attempted ? reportEmailError(email) : null;
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (reportContentError(content) || reportEmailError(email)) return;
    send({ content: content.trim(), email: email.trim() }).catch(() => undefined);
  };
  return (
    <ActionBox
      title={HE.actions.report}
      status={status}
      section={Section.AddMessageReport}
      id={messageId}
      finished={HE.actions.reported}
      onClose={onClose}
    >
      <form className="form-stack" noValidate onSubmit={handleSubmit}>
        <div className="form-field">
          <label htmlFor={`${id}-content`}>{HE.actions.reportReason}</label>
          <textarea
            id={`${id}-content`}
            dir="auto"
            rows={3}
            maxLength={LIMITS.reportReasonMaxLength}
            value={content}
            aria-invalid={contentProblem ? true : undefined}
            aria-describedby={contentProblem ? `${id}-content-error` : undefined}
            onChange={(event) => setContent(event.target.value)}
          />
          <FieldError id={`${id}-content-error`} error={contentProblem} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-email`}>{HE.actions.reportEmail}</label>
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={emailProblem ? `${id}-email-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FieldError id={`${id}-email-error`} error={emailProblem} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {HE.actions.reportSend}
          </button>
        </div>
      </form>
    </ActionBox>
  );
}

function EditBox({ message, topicId, onClose }: { message: Message; topicId: number; onClose: () => void }) {
  const { status, edit } = useEditMessage(topicId, message.id);
  const ref = useRef<HTMLElement>(null);
  useClickOutside(ref, onClose, status !== LoadStatus.Loading);
  return (
    <section className="action-box" ref={ref} aria-label={HE.actions.edit}>
      <MessageWriter
        label={HE.actions.edit}
        submitLabel={HE.common.save}
        status={status}
        initialContent={message.content}
        onSend={async (content) => {
          await edit(content);
          onClose();
        }}
        onDismissFailure={() => resetLoadStatus(Section.EditMessage, message.id)}
        onCancel={onClose}
      />
    </section>
  );
}

function ConfirmBox({
  title,
  question,
  confirmLabel,
  finished,
  status,
  section,
  id,
  onConfirm,
  onClose,
}: {
  title: string;
  question: string;
  confirmLabel: string;
  finished: string;
  status: LoadStatus;
  section: Section;
  id: number;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <ActionBox title={title} status={status} section={section} id={id} finished={finished} onClose={onClose}>
      <p className="action-question">{question}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => onConfirm().catch(() => undefined)}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {HE.common.cancel}
        </button>
      </div>
    </ActionBox>
  );
}

function DeleteBox({
  messageId,
  topicId,
  onClose,
}: {
  messageId: number;
  topicId: number;
  onClose: () => void;
}) {
  const { status, remove } = useDeleteMessage(topicId, messageId);
  return (
    <ConfirmBox
      title={HE.actions.delete}
      question={HE.actions.deleteConfirm}
      confirmLabel={HE.actions.confirmDelete}
      finished={HE.actions.deleted}
      status={status}
      section={Section.DeleteMessage}
      id={messageId}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

function DeleteTopicBox({ post, onClose }: { post: Post; onClose: () => void }) {
  const { status, remove } = useDeleteTopic(post.id, post.forumId);
  return (
    <ConfirmBox
      title={HE.actions.deleteTopic}
      question={HE.actions.deleteTopicConfirm}
      confirmLabel={HE.actions.confirmDelete}
      finished={HE.actions.deleted}
      status={status}
      section={Section.DeleteMessage}
      id={post.id}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

function RefreshBox({ topicId, onClose }: { topicId: number; onClose: () => void }) {
  const { status, refresh } = useRefreshTopicImage(topicId);
  return (
    <ConfirmBox
      title={HE.actions.refreshImage}
      question={HE.actions.refreshConfirm}
      confirmLabel={HE.actions.confirmRefresh}
      finished={HE.actions.imageRefreshed}
      status={status}
      section={Section.RefreshPostImage}
      id={topicId}
      onConfirm={refresh}
      onClose={onClose}
    />
  );
}

function MoveBox({ post, onClose }: { post: Post; onClose: () => void }) {
  const { status, move } = useMoveTopic(post.id);
  const { data: forums } = useForums();
  const [forumId, setForumId] = useState(post.forumId);
  const id = useId();
  return (
    <ActionBox
      title={HE.actions.move}
      status={status}
      section={Section.MoveTopic}
      id={post.id}
      finished={HE.actions.moved}
      onClose={onClose}
    >
      <form
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (forumId !== post.forumId) move(forumId).catch(() => undefined);
        }}
      >
        <div className="form-field">
          <label htmlFor={`${id}-forum`}>{HE.actions.moveTo}</label>
          <select
            id={`${id}-forum`}
            value={forumId}
            onChange={(event) => setForumId(Number(event.target.value))}
          >
            {(forums ?? []).map((forum) => (
              <option key={forum.id} value={forum.id}>
                {forum.icon} {forum.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={forumId === post.forumId}>
            {HE.actions.confirmMove}
          </button>
        </div>
      </form>
    </ActionBox>
  );
}

function SubjectBox({ post, onClose }: { post: Post; onClose: () => void }) {
  const { status, save } = useEditSubject(post.id);
  const [subject, setSubject] = useState(post.subject);
  const id = useId();
  return (
    <ActionBox
      title={HE.actions.editSubject}
      status={status}
      section={Section.EditSubject}
      id={post.id}
      finished={HE.actions.subjectSaved}
      onClose={onClose}
    >
      <form
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          // An empty subject is not saved (spec §5).
          if (subject.trim() === '') return;
          save(subject.trim()).catch(() => undefined);
        }}
      >
        <div className="form-field">
          <label htmlFor={`${id}-subject`}>{HE.writer.subject}</label>
          <input
            id={`${id}-subject`}
            type="text"
            dir="auto"
            maxLength={LIMITS.subjectMaxLength}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={subject.trim() === ''}>
            {HE.common.save}
          </button>
        </div>
      </form>
    </ActionBox>
  );
}
