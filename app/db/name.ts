/** The device's store (IndexedDB), by name: asked for by name before Dexie is loaded. */
export const DB_NAME = 'besties';
