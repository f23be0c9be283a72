import { heForms } from '../../i18n/he-forms';
import { type HeaderPanelMode, openHeaderPanel } from '../../session/header-panel';

/** A header form's submit button and the link to another form of the panel. */
export function PanelActions({
  submitLabel,
  switchTo,
  switchLabel,
}: {
  submitLabel: string;
  switchTo: HeaderPanelMode;
  switchLabel: string;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      <button type="button" className="link-button" onClick={() => openHeaderPanel(switchTo)}>
        {switchLabel}
      </button>
    </div>
  );
}

export const toLogin = { switchTo: 'Login', switchLabel: heForms.panel.toLogin } as const;
