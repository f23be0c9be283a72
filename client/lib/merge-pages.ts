/** Items of every fetched page by id, first seen first: pages may overlap when lists move under them. */
export function mergeById<T extends { id: number }>(lists: Iterable<readonly T[]>): Map<number, T> {
  const byId = new Map<number, T>();
  for (const list of lists) for (const item of list) if (!byId.has(item.id)) byId.set(item.id, item);
  return byId;
}
