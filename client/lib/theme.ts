import { THEME_STORAGE_KEY } from '../../shared/theme-script';
import { createStore } from './create-store';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme on screen: the head script (shared/theme-script.ts) set it on <html> before paint. */
const themeStore = createStore<Theme>(
  () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
  'light',
);

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  themeStore.set(theme);
}

export const useTheme = themeStore.use;

/** The visitor's choice, kept in this browser; it overrides the system's from then on. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  apply(theme);
}

/** Until the visitor picks one, the page follows the system's light or dark setting as it changes. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const handleChange = () => {
    if (storedTheme() === null) apply(systemTheme());
  };
  media.addEventListener('change', handleChange);
  // The system may have changed since the head script chose (this switch loads after the page).
  handleChange();
  return () => media.removeEventListener('change', handleChange);
}
