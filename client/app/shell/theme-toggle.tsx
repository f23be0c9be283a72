import { useEffect } from 'react';
import { he } from '../../i18n/he';
import { followSystemTheme, setTheme, useTheme } from '../../lib/theme';

/** The header's dark mode switch: a toggle button whose pressed state is "dark". */
export function ThemeToggle() {
  const theme = useTheme();
  useEffect(followSystemTheme, []);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={dark}
      aria-label={he.darkMode}
      title={he.darkMode}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <g fill="currentColor" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4" stroke="none" />
            <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
          </g>
        ) : (
          <path fill="currentColor" d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
        )}
      </svg>
    </button>
  );
}
