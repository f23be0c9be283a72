import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionStatus } from '../../components/form/action-status';
import { FailurePanel } from '../../components/failure-panel';
import { ForumIcon } from '../../components/forum-icon';
import { PageLoader } from '../../components/page-loader';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { useAction } from '../../lib/use-action';
import {
  type AdminForum,
  createForum,
  deleteForum,
  mergeForum,
  reorderForums,
  updateForum,
  useAdminForums,
} from './api/admin-forums';
import { ForumForm } from './forum-form';
import { textDirection } from '../../lib/text-direction';
import '../../components/admin-screens.css';

/**
 * Running the forums: the list in the admin's order (the order of the bottom bar, footer and move
 * box), moved up and down; each forum edited, deleted when empty or merged into another; a new one
 * added last.
 */
export function AdminForums() {
  const queryClient = useQueryClient();
  const query = useAdminForums();
  const order = useAction();

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <FailurePanel onRetry={() => query.refetch()} />;
  const forums = query.data;

  const move = (index: number, by: -1 | 1) => {
    const next = [...forums];
    const [forum] = next.splice(index, 1);
    if (!forum) return;
    next.splice(index + by, 0, forum);
    order.run(() => reorderForums(queryClient, next));
  };

  return (
    <div className="admin-forums">
      <section aria-labelledby="admin-forums-list">
        <h2 id="admin-forums-list" className="section-title">
          {heAdmin.forums.list}
        </h2>
        <ActionStatus
          status={order.status}
          error={order.error}
          success={heAdmin.saved}
          onReset={order.reset}
        />
        <ol className="admin-forums__list">
          {forums.map((forum, index) => (
            <li key={forum.id}>
              <ForumRow
                forum={forum}
                others={forums.filter((other) => other.id !== forum.id)}
                first={index === 0}
                last={index === forums.length - 1}
                onMove={(by) => move(index, by)}
              />
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="admin-forums-add" className="admin-card">
        <h2 id="admin-forums-add" className="section-title">
          {heAdmin.forums.add}
        </h2>
        <ForumForm
          submitLabel={heAdmin.forums.create}
          success={heAdmin.forums.created}
          onSubmit={(input) => createForum(queryClient, input)}
        />
      </section>
    </div>
  );
}

type Panel = 'edit' | 'delete' | 'merge' | null;

/** A button that opens one of a forum row's panels (edit, delete, merge) and says whether it is open. */
function PanelChip({
  name,
  open,
  onToggle,
  label,
}: {
  name: NonNullable<Panel>;
  open: Panel;
  onToggle: (panel: Panel) => void;
  label: string;
}) {
  return (
    <button type="button" className="admin-chip" aria-expanded={open === name} onClick={() => onToggle(name)}>
      {label}
    </button>
  );
}

function ForumRow({
  forum,
  others,
  first,
  last,
  onMove,
}: {
  forum: AdminForum;
  others: AdminForum[];
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  const [into, setInto] = useState<number | null>(null);
  const action = useAction();
  const [merged, setMerged] = useState('');
  const toggle = (next: Panel) => {
    action.reset();
    setPanel((current) => (current === next ? null : next));
  };
  const target = others.find((other) => other.id === (into ?? others[0]?.id));

  const handleMerge = async () => {
    if (!target) return;
    const result = await action.run(() => mergeForum(queryClient, forum.id, target.id));
    if (result) setMerged(heAdmin.forums.merged(result.movedTopics, result.forum.name));
  };

  return (
    <article className="admin-forum" aria-label={forum.name}>
      <div className="admin-forum__head">
        <ForumIcon icon={forum.icon} size={28} />
        <div className="admin-forum__text">
          <h3 dir={textDirection(forum.name)}>{forum.name}</h3>
          {forum.description ? <p dir={textDirection(forum.description)}>{forum.description}</p> : null}
          <p className="admin-forum__count">{heAdmin.forums.topics(forum.topics)}</p>
        </div>
        <div className="admin-forum__order">
          <button
            type="button"
            className="icon-button"
            disabled={first}
            aria-label={heAdmin.forums.moveUp(forum.name)}
            title={heAdmin.forums.up}
            onClick={() => onMove(-1)}
          >
            ▲
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={last}
            aria-label={heAdmin.forums.moveDown(forum.name)}
            title={heAdmin.forums.down}
            onClick={() => onMove(1)}
          >
            ▼
          </button>
        </div>
      </div>
      <div className="admin-forum__actions">
        <PanelChip name="edit" open={panel} onToggle={toggle} label={heAdmin.forums.edit} />
        {forum.topics === 0 ? (
          <PanelChip name="delete" open={panel} onToggle={toggle} label={heAdmin.forums.remove} />
        ) : null}
        {others.length > 0 ? (
          <PanelChip name="merge" open={panel} onToggle={toggle} label={heAdmin.forums.merge} />
        ) : null}
      </div>
      {panel === 'edit' ? (
        <ForumForm
          initial={{ name: forum.name, icon: forum.icon, description: forum.description }}
          submitLabel={he.common.save}
          success={heAdmin.saved}
          onSubmit={(input) => updateForum(queryClient, forum.id, input)}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel === 'delete' ? (
        <div className="admin-forum__confirm">
          <p>{heAdmin.forums.removeConfirm(forum.name)}</p>
          <ActionStatus
            status={action.status}
            error={action.error}
            success={heAdmin.forums.removed}
            onReset={action.reset}
          />
          <div className="form-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={action.loading}
              onClick={() => action.run(() => deleteForum(queryClient, forum.id))}
            >
              {heAdmin.forums.remove}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setPanel(null)}>
              {he.common.cancel}
            </button>
          </div>
        </div>
      ) : null}
      {panel === 'merge' ? (
        <div className="admin-forum__confirm">
          <label className="form-field">
            <span>{heAdmin.forums.mergeInto}</span>
            <select value={target?.id ?? ''} onChange={(event) => setInto(Number(event.target.value))}>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
          </label>
          <ActionStatus status={action.status} error={action.error} success={merged} onReset={action.reset} />
          <div className="form-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={action.loading}
              onClick={handleMerge}
            >
              {heAdmin.forums.mergeConfirm}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setPanel(null)}>
              {he.common.cancel}
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}
