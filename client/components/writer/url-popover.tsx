import { useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { he } from '../../i18n/he';
import { FormField } from '../form/form-field';
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
  const label = kind === 'link' ? he.writer.linkUrl : he.writer.imageUrl;
  const submit = () => {
    const problem = urlError(url, kind);
    setError(problem);
    if (!problem) onSubmit(url.trim());
  };
  return (
    <FormField label={label} error={error} className="writer-popover writer-url">
      {(control) => (
        <div className="writer-url-row">
          <input
            {...control}
            type="url"
            dir="ltr"
            maxLength={LIMITS.urlMaxLength}
            value={url}
            placeholder="https://"
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
      )}
    </FormField>
  );
}
