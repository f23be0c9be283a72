import { useCallback, useState } from 'react';
import { ERRORS } from '../../shared/errors';
import { LoadStatus } from '../../shared/load-status';
import { ApiError } from './api-client';
import { loadStatusFromError } from './load-status-store';

export interface ActionState {
  status: LoadStatus;
  /** The refusal's Hebrew text from the shared catalogue (or the server's filled template). */
  error: string | null;
}

const IDLE: ActionState = { status: LoadStatus.NotStarted, error: null };

/**
 * The load status of one action of a screen (docs/product.md §4) kept with the screen, for the admin screens
 * whose refusals each have their own catalogue text (`forum_not_empty`, `last_admin`, …): a section
 * of the global store would only know the HTTP status.
 */
export function useAction() {
  const [state, setState] = useState<ActionState>(IDLE);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setState({ status: LoadStatus.Loading, error: null });
    try {
      const result = await action();
      setState({ status: LoadStatus.Finished, error: null });
      return result;
    } catch (error) {
      const text = error instanceof ApiError ? error.message : ERRORS.internal.message;
      setState({ status: loadStatusFromError(error), error: text });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, loading: state.status === LoadStatus.Loading, run, reset };
}
