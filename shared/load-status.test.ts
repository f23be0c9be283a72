import { describe, expect, it } from 'vitest';
import { LoadStatus, loadStatusFromHttp } from './load-status';

describe('loadStatusFromHttp', () => {
  it.each([
    [401, LoadStatus.Unauthorized],
    [404, LoadStatus.NotFound],
    [405, LoadStatus.MethodNotAllowed],
    [406, LoadStatus.NotAcceptable],
    [407, LoadStatus.ProxyAuthenticationRequired],
    [409, LoadStatus.ProxyAuthenticationRequired],
    [412, LoadStatus.PreconditionFailed],
    [428, LoadStatus.PreconditionRequired],
    [400, LoadStatus.Failed],
    [500, LoadStatus.Failed],
    [0, LoadStatus.Failed],
  ])('maps %i to %s', (status, expected) => {
    expect(loadStatusFromHttp(status)).toBe(expected);
  });
});
