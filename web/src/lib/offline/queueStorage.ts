import { offlineLimits } from '@uplift/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { selectEvictions, type OfflineQueueItem } from './queueRules.ts';

/** Where queued actions live. Each method is one atomic step, so two tabs never lose each other's work. */
export interface QueueStorage {
  all(): Promise<OfflineQueueItem[]>;
  /** Stores the item and, over the limit, drops what SPEC §9 says; resolves with what was dropped. */
  add(item: OfflineQueueItem, max?: number): Promise<OfflineQueueItem[]>;
  put(item: OfflineQueueItem): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

interface QueueDb extends DBSchema {
  queue: { key: string; value: OfflineQueueItem };
}

export const queueDbName = 'uplift-offline';
const storeName = 'queue';

/** SPEC §9 (and PRODUCT "Offline"): the queue survives reloads and restarts in IndexedDB. */
export function createIndexedDbQueueStorage(options: { dbName?: string } = {}): QueueStorage {
  let opened: Promise<IDBPDatabase<QueueDb>> | null = null;
  const db = () => {
    opened ??= openDB<QueueDb>(options.dbName ?? queueDbName, 1, {
      upgrade(database) {
        database.createObjectStore(storeName, { keyPath: 'id' });
      },
      blocking() {
        // A newer version of the app wants to upgrade the database: let it.
        void opened?.then((database) => database.close());
        opened = null;
      },
    });
    return opened;
  };
  return {
    async all() {
      return (await db()).getAll(storeName);
    },
    async add(item, max = offlineLimits.queueMaxItems) {
      const tx = (await db()).transaction(storeName, 'readwrite');
      const existing = await tx.store.getAll();
      const victims = selectEvictions([...existing.filter((other) => other.id !== item.id), item], max);
      await tx.store.put(item);
      for (const victim of victims) await tx.store.delete(victim.id);
      await tx.done;
      return victims;
    },
    async put(item) {
      await (await db()).put(storeName, item);
    },
    async delete(id) {
      await (await db()).delete(storeName, id);
    },
    async clear() {
      await (await db()).clear(storeName);
    },
  };
}

/** For browsers without IndexedDB (some private modes): the queue lasts as long as the page. */
export function createMemoryQueueStorage(): QueueStorage {
  const items = new Map<string, OfflineQueueItem>();
  return {
    all: async () => [...items.values()].map((item) => ({ ...item })),
    async add(item, max = offlineLimits.queueMaxItems) {
      items.set(item.id, { ...item });
      const victims = selectEvictions([...items.values()], max);
      for (const victim of victims) items.delete(victim.id);
      return victims;
    },
    async put(item) {
      items.set(item.id, { ...item });
    },
    async delete(id) {
      items.delete(id);
    },
    async clear() {
      items.clear();
    },
  };
}

export function createQueueStorage(): QueueStorage {
  return typeof indexedDB === 'undefined' ? createMemoryQueueStorage() : createIndexedDbQueueStorage();
}
