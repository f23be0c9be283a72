import { useId, useState } from 'react';
import { EMOJI } from '../../../shared/emoji';
import {
  type ForumInput,
  forumDescription,
  forumIcon,
  forumName,
} from '../../../shared/schemas/admin-forums';
import { ActionStatus } from '../../components/form/action-status';
import { TextField } from '../../components/form/text-field';
import { ForumIcon } from '../../components/forum-icon';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { fieldError } from '../../lib/field-error';
import { useAction } from '../../lib/use-action';
import { textDirection } from '../../lib/text-direction';

/** The writer's 14 emoji as characters, the icons offered first. */
export const ICON_CHOICES = EMOJI.map((emoji) => ({
  icon: String.fromCodePoint(...emoji.code.split('-').map((part) => Number.parseInt(part, 16))),
  label: emoji.label,
}));

type Field = 'name' | 'icon' | 'description';

/**
 * A forum's name, icon and one-line description, for a new forum or an existing one. The icon is one
 * of the 14 emoji or any other one pasted in (the server checks that Twemoji draws it).
 */
export function ForumForm({
  initial,
  submitLabel,
  success,
  onSubmit,
  onCancel,
}: {
  initial?: ForumInput;
  submitLabel: string;
  success: string;
  onSubmit: (input: ForumInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const action = useAction();
  const groupId = useId();
  const isChoice = ICON_CHOICES.some((choice) => choice.icon === icon);

  const problems: Record<Field, string | null> = {
    name: fieldError(forumName, name),
    icon: fieldError(forumIcon, icon),
    description: fieldError(forumDescription, description),
  };
  const shown = (field: Field) => (touched.has(field) ? problems[field] : null);
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(new Set<Field>(['name', 'icon', 'description']));
    if (problems.name || problems.icon || problems.description || action.loading) return;
    const done = await action.run(() =>
      onSubmit({ name: name.trim(), icon: icon.trim(), description: description.trim() }),
    );
    if (done !== undefined && !initial) {
      setName('');
      setIcon('');
      setDescription('');
      setTouched(new Set());
    }
  };

  return (
    <form className="form-stack forum-form" noValidate onSubmit={handleSubmit} aria-label={submitLabel}>
      <TextField
        label={heAdmin.forums.name}
        error={shown('name')}
        type="text"
        value={name}
        dir={textDirection(name)}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => touch('name')}
      />
      <fieldset
        className="forum-form__icons"
        aria-describedby={shown('icon') ? `${groupId}-error` : undefined}
      >
        <legend>
          {heAdmin.forums.icon}
          {forumIcon.safeParse(icon).success ? (
            <ForumIcon icon={icon.trim()} size={22} className="forum-form__preview" />
          ) : null}
        </legend>
        <div className="forum-form__choices">
          {ICON_CHOICES.map((choice) => (
            <button
              key={choice.icon}
              type="button"
              className="forum-form__choice"
              aria-pressed={icon === choice.icon}
              aria-label={choice.label}
              title={choice.label}
              onClick={() => {
                setIcon(choice.icon);
                touch('icon');
              }}
            >
              <ForumIcon icon={choice.icon} size={24} />
            </button>
          ))}
        </div>
        <TextField
          label={heAdmin.forums.iconOther}
          placeholder={heAdmin.forums.iconOtherHint}
          error={null}
          className="form-field forum-form__other"
          type="text"
          value={isChoice ? '' : icon}
          onChange={(event) => setIcon(event.target.value)}
          onBlur={() => touch('icon')}
        />
        {shown('icon') ? (
          <p id={`${groupId}-error`} className="field-error" role="alert">
            {shown('icon')}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={heAdmin.forums.description}
        error={shown('description')}
        type="text"
        value={description}
        dir={textDirection(description)}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => touch('description')}
      />
      <ActionStatus status={action.status} error={action.error} success={success} onReset={action.reset} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={action.loading}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {he.common.close}
          </button>
        ) : null}
      </div>
    </form>
  );
}
