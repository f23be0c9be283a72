/** Load status of a section (docs/product.md §4). */
export enum LoadStatus {
  NotStarted = 'NotStarted',
  Loading = 'Loading',
  Finished = 'Finished',
  Failed = 'Failed',
  Unauthorized = 'Unauthorized',
  NotFound = 'NotFound',
  MethodNotAllowed = 'MethodNotAllowed',
  NotAcceptable = 'NotAcceptable',
  ProxyAuthenticationRequired = 'ProxyAuthenticationRequired',
  PreconditionFailed = 'PreconditionFailed',
  PreconditionRequired = 'PreconditionRequired',
}

/**
 * HTTP status of a failed call to the load status it means (docs/product.md §4, §8). 409 is the server's
 * "username taken" answer, sent instead of the spec's 407 (see DESIGN.md): it maps to the spec's
 * ProxyAuthenticationRequired so the client shows the spec's message.
 */
export function loadStatusFromHttp(status: number): LoadStatus {
  switch (status) {
    case 401:
      return LoadStatus.Unauthorized;
    case 404:
      return LoadStatus.NotFound;
    case 405:
      return LoadStatus.MethodNotAllowed;
    case 406:
      return LoadStatus.NotAcceptable;
    case 407:
    case 409:
      return LoadStatus.ProxyAuthenticationRequired;
    case 412:
      return LoadStatus.PreconditionFailed;
    case 428:
      return LoadStatus.PreconditionRequired;
    default:
      return LoadStatus.Failed;
  }
}
