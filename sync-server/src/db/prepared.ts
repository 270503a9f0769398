import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { engineOf } from './database';
import type { Db, Engine } from './database';

const SLOT = Symbol('prepared query slot');

/** Where a prepared query's value goes: filled from the call's values by name. */
interface Slot {
  readonly [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

/** Stands in for each value while the query is built: `values.userId` is the slot `userId`. */
const slots = new Proxy(
  {},
  { get: (_target, name) => (typeof name === 'string' ? { [SLOT]: name } : undefined) },
);

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter: the name of the value it takes, or the constant the builder wrote. */
  parameters: Array<{ name: string } | { constant: unknown }>;
}

export interface PreparedQuery<V, R> {
  execute(db: Db, values: V): Promise<R[]>;
  executeTakeFirst(db: Db, values: V): Promise<R | undefined>;
  /** The driver's whole answer: `numAffectedRows` for a write. */
  run(db: Db, values: V): Promise<QueryResult<R>>;
}

/**
 * A query built with Kysely's builder once, compiled once per engine, then run with each
 * call's values: building and compiling a query costs more than SQLite takes to run most of
 * ours (ARCHITECTURE.md, "Performance"). `build` receives stand-ins for the values
 * (`values.x`) and must use each only as a value, in a query whose shape never depends on them
 * (no lists that grow, no branches, no `undefined` left out of an insert): the SQL is the same
 * for every call. The query runs on the Db it is given (a transaction included), its plugins
 * seeing the answer as usual; a plugin that rewrites queries would see only the first.
 */
export function prepared<V extends object, R>(
  build: (db: Db, values: V) => Compilable<R>,
): PreparedQuery<V, R> {
  const byEngine = new Map<Engine, Compiled<R>>();
  function compiledFor(db: Db): Compiled<R> {
    const engine = engineOf(db);
    let compiled = byEngine.get(engine);
    if (!compiled) {
      const query = build(db, slots as V).compile();
      compiled = {
        query,
        parameters: query.parameters.map((value) =>
          isSlot(value) ? { name: value[SLOT] } : { constant: value },
        ),
      };
      byEngine.set(engine, compiled);
    }
    return compiled;
  }
  const run = async (db: Db, values: V): Promise<QueryResult<R>> => {
    const { query, parameters } = compiledFor(db);
    return db.executeQuery<R>({
      ...query,
      parameters: parameters.map((parameter) => {
        if (!('name' in parameter)) return parameter.constant;
        const value = (values as Record<string, unknown>)[parameter.name];
        if (value === undefined) throw new Error(`prepared query: no value for ${parameter.name}`);
        return value;
      }),
    });
  };
  return {
    run,
    execute: async (db, values) => (await run(db, values)).rows,
    executeTakeFirst: async (db, values) => (await run(db, values)).rows[0],
  };
}
