import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../sync-server/src/app';
import type { Db } from '../../../sync-server/src/db/database';
import { openMemoryDb } from '../../../sync-server/src/db/memory';
import { makeDataDir, testConfig } from '../harness';
import { FUZZ_ROUTES, routeName } from './routes';

interface RouterLayer {
  methods: string[];
  path: string;
}

/** Every method and path the app's routers answer, read from the built app's router stack. */
function appRoutes(db: Db, dataDir: string): string[] {
  const { koa } = createApp({
    config: testConfig(dataDir),
    db,
    logger: pino({ level: 'silent' }),
  });
  const routes: string[] = [];
  for (const middleware of koa.middleware as { router?: { stack: RouterLayer[] } }[]) {
    for (const layer of middleware.router?.stack ?? []) {
      // HEAD comes with every GET (and is fuzzed with it).
      for (const method of layer.methods.filter((each) => each !== 'HEAD')) {
        routes.push(routeName({ method, path: layer.path }));
      }
    }
  }
  return routes.sort();
}

describe('the fuzz table', () => {
  // Only the app's routers are read: an empty SQLite database in memory, on either project.
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    db = await openMemoryDb();
  });
  afterAll(() => db.destroy());

  it('lists every route the app has, so a new route cannot go unfuzzed', () => {
    const routes = appRoutes(db, dataDir);
    expect(routes.length).toBeGreaterThan(30);
    expect(FUZZ_ROUTES.map(routeName).sort()).toEqual(routes);
  });
});
