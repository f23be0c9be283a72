import { createStore } from '../lib/create-store';

/** The header expand panel (docs/product.md §1, §2): which form it shows, and an optional message above it. */
export type HeaderPanelMode = 'Login' | 'Register' | 'ForgotPassword';

interface HeaderPanelState {
  mode: HeaderPanelMode | null;
  message?: string;
}

const CLOSED: HeaderPanelState = { mode: null };

const store = createStore<HeaderPanelState>(() => CLOSED, CLOSED);

export const useHeaderPanel = (): HeaderPanelState => store.use();

export function openHeaderPanel(mode: HeaderPanelMode, message?: string): void {
  store.set(message === undefined ? { mode } : { mode, message });
}

export function closeHeaderPanel(): void {
  store.set(CLOSED);
}
