/**
 * Writes into the room's schema state that mark a field dirty only when its value changes, so a
 * patch carries only what changed. Shared by every projection of server/src/rooms.
 */

/** Assigns `value` to `target[key]` only when it differs (schema setters mark fields dirty). */
export function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) (target as Record<string, unknown>)[key as string] = value;
}

/** The part of an ArraySchema that {@link setList} uses. */
export interface ListLike<T> { length: number; at(i: number): T | undefined; clear(): unknown; push(...v: T[]): unknown }

/** Replaces an ArraySchema's content with `values` only when it differs (same length, same items in order). */
export function setList<T>(list: ListLike<T>, values: readonly T[]): void {
  if (list.length === values.length && values.every((v, i) => list.at(i) === v)) return;
  list.clear();
  if (values.length > 0) list.push(...values);
}
