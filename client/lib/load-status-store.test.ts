import { describe, expect, it } from 'vitest';
import { LoadStatus } from '../../shared/load-status';
import { ApiError } from './api-client';
import {
  clearedStatuses,
  clearLoadStatuses,
  getLoadStatus,
  type LoadStatuses,
  loadStatusFromError,
  loadStatusOfQuery,
  resetLoadStatus,
  Section,
  setLoadFailure,
  setLoadStatus,
  statusOf,
  trackLoad,
  withStatus,
} from './load-status-store';

describe('load statuses per section and per id', () => {
  it('starts every section as NotStarted', () => {
    expect(statusOf({}, Section.PostTop)).toBe(LoadStatus.NotStarted);
    expect(statusOf({}, Section.LikeMessage, 12)).toBe(LoadStatus.NotStarted);
  });

  it('keeps a per-id status apart from the section and from other ids', () => {
    let state: LoadStatuses = {};
    state = withStatus(state, Section.LikeMessage, LoadStatus.Loading, 12);
    state = withStatus(state, Section.LikeMessage, LoadStatus.Failed, 13);
    expect(statusOf(state, Section.LikeMessage, 12)).toBe(LoadStatus.Loading);
    expect(statusOf(state, Section.LikeMessage, 13)).toBe(LoadStatus.Failed);
    expect(statusOf(state, Section.LikeMessage)).toBe(LoadStatus.NotStarted);
  });

  it('returns the same object when nothing changes, and forgets a reset section', () => {
    const state = withStatus({}, Section.PostTop, LoadStatus.Finished);
    expect(withStatus(state, Section.PostTop, LoadStatus.Finished)).toBe(state);
    expect(withStatus(state, Section.PostTop, LoadStatus.NotStarted)).toEqual({});
  });

  it('clearing keeps what is still loading plus login and register, and nothing else (docs/product.md §4)', () => {
    let state: LoadStatuses = {};
    state = withStatus(state, Section.PostTop, LoadStatus.Finished);
    state = withStatus(state, Section.PostBottom, LoadStatus.Loading);
    state = withStatus(state, Section.EditMessage, LoadStatus.Loading, 7);
    state = withStatus(state, Section.DeleteMessage, LoadStatus.Failed, 7);
    state = withStatus(state, Section.Login, LoadStatus.Unauthorized);
    state = withStatus(state, Section.Register, LoadStatus.Finished);
    state = withStatus(state, Section.NewTopic, LoadStatus.NotFound);
    expect(clearedStatuses(state)).toEqual({
      PostBottom: LoadStatus.Loading,
      'EditMessage:7': LoadStatus.Loading,
      Login: LoadStatus.Unauthorized,
      Register: LoadStatus.Finished,
    });
  });
});

describe('failures map through the shared HTTP mapping (docs/product.md §4, §8)', () => {
  it.each([
    [401, LoadStatus.Unauthorized],
    [404, LoadStatus.NotFound],
    [405, LoadStatus.MethodNotAllowed],
    [406, LoadStatus.NotAcceptable],
    [407, LoadStatus.ProxyAuthenticationRequired],
    [409, LoadStatus.ProxyAuthenticationRequired],
    [412, LoadStatus.PreconditionFailed],
    [428, LoadStatus.PreconditionRequired],
    [500, LoadStatus.Failed],
    [403, LoadStatus.Failed],
    [0, LoadStatus.Failed],
  ])('HTTP %i becomes %s', (status, expected) => {
    expect(loadStatusFromError(new ApiError(status, 'x', 'שגיאה'))).toBe(expected);
  });

  it('treats anything that is not an API answer as Failed', () => {
    expect(loadStatusFromError(new TypeError('boom'))).toBe(LoadStatus.Failed);
  });

  it('reads a query state as a load status', () => {
    expect(loadStatusOfQuery({ status: 'pending', fetchStatus: 'fetching', error: null })).toBe(
      LoadStatus.Loading,
    );
    expect(loadStatusOfQuery({ status: 'pending', fetchStatus: 'idle', error: null })).toBe(
      LoadStatus.NotStarted,
    );
    expect(loadStatusOfQuery({ status: 'success', fetchStatus: 'idle', error: null })).toBe(
      LoadStatus.Finished,
    );
    expect(
      loadStatusOfQuery({ status: 'error', fetchStatus: 'idle', error: new ApiError(404, 'not_found', '') }),
    ).toBe(LoadStatus.NotFound);
  });
});

describe('the shared store', () => {
  it('records, resets and clears', () => {
    setLoadStatus(Section.NewMessage, LoadStatus.Loading, 3);
    setLoadFailure(Section.Login, new ApiError(428, 'inactive', ''));
    setLoadFailure(Section.ActivateUser, new ApiError(412, 'old', ''));
    expect(getLoadStatus(Section.Login)).toBe(LoadStatus.PreconditionRequired);
    clearLoadStatuses();
    expect(getLoadStatus(Section.NewMessage, 3)).toBe(LoadStatus.Loading);
    expect(getLoadStatus(Section.Login)).toBe(LoadStatus.PreconditionRequired);
    expect(getLoadStatus(Section.ActivateUser)).toBe(LoadStatus.NotStarted);
    resetLoadStatus(Section.Login);
    expect(getLoadStatus(Section.Login)).toBe(LoadStatus.NotStarted);
  });

  it('tracks an action from Loading to Finished or to its mapped failure', async () => {
    const seen: LoadStatus[] = [];
    await trackLoad(
      Section.LikeMessage,
      async () => {
        seen.push(getLoadStatus(Section.LikeMessage, 9));
        return 1;
      },
      9,
    );
    expect(seen).toEqual([LoadStatus.Loading]);
    expect(getLoadStatus(Section.LikeMessage, 9)).toBe(LoadStatus.Finished);
    await expect(
      trackLoad(Section.EditProfile, () => Promise.reject(new ApiError(406, 'taken', ''))),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getLoadStatus(Section.EditProfile)).toBe(LoadStatus.NotAcceptable);
  });
});
