import { useRef } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { heForms } from '../../i18n/he-forms';
import { closeHeaderPanel, useHeaderPanel } from '../../session/header-panel';
import { Section, useLoadStatus } from '../../lib/load-status-store';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './header-panel.css';

const TITLES = {
  Login: heForms.panel.login,
  Register: heForms.panel.register,
  ForgotPassword: heForms.panel.forgotPasswordSubmit,
};

/**
 * The header expand panel (docs/product.md §2): the login, register or forgot-password form, an optional
 * message above it, and a close icon that hides while a login is loading.
 */
export function HeaderPanel() {
  const panel = useHeaderPanel();
  const loginStatus = useLoadStatus(Section.Login);
  const closable = !(panel.mode === 'Login' && loginStatus === LoadStatus.Loading);

  const ref = useRef<HTMLElement>(null);
  // Focus goes to the form's first field (again when the form changes), stays in the panel while it
  // is open and returns to the button or prompt that opened it; Escape closes it.
  useFocusTrap(ref, {
    active: panel.mode !== null,
    escapeAnywhere: true,
    onEscape: closable ? closeHeaderPanel : undefined,
    focusKey: panel.mode,
  });

  if (!panel.mode) return null;
  return (
    <section className="header-panel" ref={ref} aria-label={heForms.panel.label} data-mode={panel.mode}>
      <div className="header-panel-head">
        <h2 className="header-panel-title">{TITLES[panel.mode]}</h2>
        {closable ? (
          <button
            type="button"
            className="header-panel-close"
            onClick={closeHeaderPanel}
            aria-label={he.common.close}
          >
            <span aria-hidden="true">✕</span>
          </button>
        ) : null}
      </div>
      {panel.message ? (
        <p className="header-panel-message" role="status">
          {panel.message}
        </p>
      ) : null}
      {panel.mode === 'Login' ? <LoginForm key="login" /> : null}
      {panel.mode === 'Register' ? <RegisterForm key="register" /> : null}
      {panel.mode === 'ForgotPassword' ? <ForgotPasswordForm key="forgot" /> : null}
    </section>
  );
}
