import type { Actor } from '../../shared/policies';
import type { OwnUser } from '../../shared/schemas/accounts';
import { AUTH_TOKEN_KEY } from '../lib/api-client';
import { createStore } from '../lib/create-store';

/**
 * Who is logged in (docs/product.md §3 "auth state"). The token lives in localStorage `authToken`; its
 * presence decides "logged in" (docs/product.md §6). `user` arrives from login or from token validation at start.
 */
interface AuthState {
  token: string | null;
  userId: number | null;
  user: OwnUser | null;
}

const GUEST: AuthState = { token: null, userId: null, user: null };

function readStoredToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage can be disabled (privacy modes); the visitor is then a guest.
    return null;
  }
}

// Read lazily on first use in the browser; a server render and hydration see a guest.
const store = createStore<AuthState>(() => {
  const token = readStoredToken();
  return token ? { token, userId: null, user: null } : GUEST;
}, GUEST);

interface Auth extends AuthState {
  isLoggedIn: boolean;
}

export function useAuth(): Auth {
  const state = store.use();
  return { ...state, isLoggedIn: state.token !== null };
}

/**
 * Who the shared policies (shared/policies.ts) decide for. A stored token whose user is not confirmed
 * yet (validation at start still on its way) is logged in with no rights beyond that: it is nobody's
 * author and no admin.
 */
function actorOf(state: AuthState): Actor {
  if (state.token === null) return null;
  return state.user ? { id: state.user.id, isAdmin: state.user.isAdmin } : { id: Number.NaN, isAdmin: false };
}

export function useActor(): Actor {
  return actorOf(store.use());
}

/** The current state outside React (event handlers, fetchers). */
export const getAuth = (): AuthState => store.get();

/** After login, activation or an email change: keep the token and the user. */
export function setAuthenticated(user: OwnUser, token: string): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts until the tab closes.
  }
  store.set({ token, userId: user.id, user });
}

/** Token validation at start succeeded: the stored token belongs to this user. */
export function setAuthenticatedUser(user: OwnUser): void {
  store.set((state) => (state.token ? { ...state, userId: user.id, user } : state));
}

/** Forgets the token locally; the server-side revocation is the logout call's job. */
export function logout(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Nothing stored to remove.
  }
  store.set(GUEST);
}

/** Calls `listener` whenever the token changes (login, logout, another tab's), for the live stream. */
export function onTokenChange(listener: (token: string | null) => void): () => void {
  let last = store.get().token;
  return store.subscribe(() => {
    const { token } = store.get();
    if (token === last) return;
    last = token;
    listener(token);
  });
}

/**
 * Follows logins and logouts of the other tabs of this site: the token lives in localStorage,
 * whose `storage` event fires in every other tab when it changes. A new token's user is unknown
 * until `onNewToken` (the app's validation) confirms it. Returns the stop function.
 */
export function followOtherTabs(onNewToken: (token: string) => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_TOKEN_KEY && event.key !== null) return;
    const token = readStoredToken();
    if (token === store.get().token) return;
    if (token === null) {
      store.set(GUEST);
      return;
    }
    store.set({ token, userId: null, user: null });
    onNewToken(token);
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
