import { stateName } from "../stateCodes.ts";

/** A schema class whose instances also carry the read-only properties `N` computed from their fields. */
export type WithNames<C extends new (...args: never[]) => object, N> =
  Omit<C, "~type"> & { "~type": InstanceType<C> & Readonly<N> } & (new (...args: ConstructorParameters<C>) => InstanceType<C> & Readonly<N>);

/**
 * Gives the instances of the schema class `klass` one read-only property per entry of `getters`,
 * computed from the instance's fields where it is read (server, SDK, watch page): the wire carries
 * the compact field, a reader keeps the plain value (issue 20 part 4). Not a schema field: it is
 * not in `toJSON()` and cannot be listened to (listen to the field it is computed from).
 */
export function withDerived<C extends new (...args: never[]) => object, N extends Record<string, unknown>>(
  klass: C, getters: { readonly [K in keyof N]: (self: InstanceType<C>) => N[K] },
): WithNames<C, N> {
  for (const [name, get] of Object.entries(getters) as [string, (self: InstanceType<C>) => unknown][]) {
    Object.defineProperty(klass.prototype, name, {
      get(this: InstanceType<C>) { return get(this); },
      enumerable: false, configurable: false,
    });
  }
  return klass as unknown as WithNames<C, N>;
}

/**
 * {@link withDerived} for code fields: each entry of `names` is a read-only name decoded from the
 * `uint8` code field it names, with its table (shared/src/stateCodes.ts), so a reader of the SDK
 * reads `part.kind` as before while the wire carries `part.kindCode`; `undefined` while the code
 * field is (a client whose view does not hold it, e.g. an adventurer's `quality`).
 */
export function withNames<C extends new (...args: never[]) => object, N extends Record<string, string>>(
  klass: C, names: { readonly [K in keyof N]: readonly [codeField: string, table: readonly N[K][]] },
): WithNames<C, N> {
  const getters: Record<string, (self: InstanceType<C>) => string> = {};
  for (const [name, [field, table]] of Object.entries(names) as [string, readonly [string, readonly string[]]][]) {
    // A code not received (a field the seat's view does not hold) reads as no name, like a string field would.
    getters[name] = (self) => {
      const code = (self as unknown as Record<string, number | undefined>)[field];
      return (code === undefined ? undefined : stateName(table, code)) as string;
    };
  }
  return withDerived(klass, getters as never);
}
