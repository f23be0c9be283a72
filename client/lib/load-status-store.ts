import { LoadStatus, loadStatusFromHttp } from '../../shared/load-status';
import { ApiError } from './api-client';
import { createStore } from './create-store';

/** The sections whose loading is tracked (docs/product.md §4). Action sections are also tracked per id. */
export enum Section {
  Login = 'Login',
  Register = 'Register',
  PostTop = 'PostTop',
  PostBottom = 'PostBottom',
  NewTopic = 'NewTopic',
  NewMessage = 'NewMessage',
  DeleteMessage = 'DeleteMessage',
  EditMessage = 'EditMessage',
  MoveTopic = 'MoveTopic',
  AddMessageReport = 'AddMessageReport',
  EditSubject = 'EditSubject',
  MessageBottom = 'MessageBottom',
  MessageMiddle = 'MessageMiddle',
  SearchTop = 'SearchTop',
  SearchBottom = 'SearchBottom',
  EditProfile = 'EditProfile',
  MessageReportsTop = 'MessageReportsTop',
  MessageReportsBottom = 'MessageReportsBottom',
  MessageReportsClose = 'MessageReportsClose',
  ActivateUser = 'ActivateUser',
  ActivatePassword = 'ActivatePassword',
  ForgotPassword = 'ForgotPassword',
  RefreshPostImage = 'RefreshPostImage',
  ChangePassword = 'ChangePassword',
  LikeMessage = 'LikeMessage',
  Recommendations = 'Recommendations',
}

/** Statuses by key: the section alone, or `section:id` for a per-id action. Absent = NotStarted. */
export type LoadStatuses = Readonly<Record<string, LoadStatus>>;

function statusKey(section: Section, id?: number | string): string {
  return id === undefined ? section : `${section}:${id}`;
}

/** Sections a clear keeps whatever their status: the header forms outlive page changes (docs/product.md §4). */
const KEPT_ON_CLEAR = new Set<string>([Section.Login, Section.Register]);

function sectionOfKey(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}

export function statusOf(statuses: LoadStatuses, section: Section, id?: number | string): LoadStatus {
  return statuses[statusKey(section, id)] ?? LoadStatus.NotStarted;
}

export function withStatus(
  statuses: LoadStatuses,
  section: Section,
  status: LoadStatus,
  id?: number | string,
): LoadStatuses {
  const key = statusKey(section, id);
  if (statuses[key] === status) return statuses;
  if (status === LoadStatus.NotStarted) {
    if (!(key in statuses)) return statuses;
    const { [key]: _removed, ...rest } = statuses;
    return rest;
  }
  return { ...statuses, [key]: status };
}

/** Clearing keeps only what is still loading, plus the login and register sections (docs/product.md §4). */
export function clearedStatuses(statuses: LoadStatuses): LoadStatuses {
  const kept: Record<string, LoadStatus> = {};
  for (const [key, status] of Object.entries(statuses)) {
    if (status === LoadStatus.Loading || KEPT_ON_CLEAR.has(sectionOfKey(key))) kept[key] = status;
  }
  return kept;
}

/** The load status a failed call means: its HTTP status through the shared mapping (docs/product.md §4, §8). */
export function loadStatusFromError(error: unknown): LoadStatus {
  return error instanceof ApiError ? loadStatusFromHttp(error.status) : LoadStatus.Failed;
}

/** The load status of a TanStack query (or the page of it being fetched), for reading sections. */
export function loadStatusOfQuery(query: {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: unknown;
}): LoadStatus {
  if (query.status === 'error') return loadStatusFromError(query.error);
  if (query.status === 'success') return LoadStatus.Finished;
  return query.fetchStatus === 'idle' ? LoadStatus.NotStarted : LoadStatus.Loading;
}

const store = createStore<LoadStatuses>(() => ({}), {});

export function useLoadStatus(section: Section, id?: number | string): LoadStatus {
  return statusOf(store.use(), section, id);
}

export const getLoadStatus = (section: Section, id?: number | string): LoadStatus =>
  statusOf(store.get(), section, id);

export function setLoadStatus(section: Section, status: LoadStatus, id?: number | string): void {
  store.set((statuses) => withStatus(statuses, section, status, id));
}

/** Records an error against its section ("each error is recorded against its section", docs/product.md §4). */
export function setLoadFailure(section: Section, error: unknown, id?: number | string): void {
  setLoadStatus(section, loadStatusFromError(error), id);
}

/** Back to NotStarted, e.g. when a failure message is clicked (docs/product.md §4). */
export function resetLoadStatus(section: Section, id?: number | string): void {
  setLoadStatus(section, LoadStatus.NotStarted, id);
}

export function clearLoadStatuses(): void {
  store.set(clearedStatuses);
}

/**
 * Runs an action while tracking it in a section: Loading, then Finished or the mapped failure.
 * Rethrows so the caller can still react to the error.
 */
export async function trackLoad<T>(
  section: Section,
  action: () => Promise<T>,
  id?: number | string,
): Promise<T> {
  setLoadStatus(section, LoadStatus.Loading, id);
  try {
    const result = await action();
    setLoadStatus(section, LoadStatus.Finished, id);
    return result;
  } catch (error) {
    setLoadFailure(section, error, id);
    throw error;
  }
}
