import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { he } from '../../i18n/he';
import { FieldError } from '../form/status-message';
import { urlError } from './writer-validation';

/** The address box of the link and image tools; Enter or the button inserts a checked address. */
export function UrlPopover({
  kind,
  initial,
  canRemove = false,
  onSubmit,
  onRemove,
}: {
  kind: 'link' | 'image';
  initial: string;
  canRemove?: boolean;
  onSubmit: (url: string) => void;
  onRemove?: () => void;
}) {
  const [url, setUrl] = useState<string>(initial);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const label = kind === 'link' ? he.writer.linkUrl : he.writer.imageUrl;
  const submit = () => {
    const problem = urlError(url, kind);
    setError(problem);
    if (!problem) onSubmit(url.trim());
  };
  return (
    <div className="writer-popover writer-url">
      <label htmlFor={inputId}>{label}</label>
      <div className="writer-url-row">
        <input
          id={inputId}
          type="url"
          dir="ltr"
          maxLength={LIMITS.urlMaxLength}
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the popover opens for typing this address
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button type="button" className="button button--primary button--small" onClick={submit}>
          {he.writer.insert}
        </button>
        {canRemove && onRemove ? (
          <button type="button" className="button button--ghost button--small" onClick={onRemove}>
            {he.writer.removeLink}
          </button>
        ) : null}
      </div>
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}
