import { describe, expect, it } from 'vitest';
import { VersionWatch } from './public-cache.ts';

/** A read the test finishes by hand, to order it against announcements. */
function controlledReads() {
  const pending: ((version: number) => void)[] = [];
  let reads = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      reads++;
      pending.push(resolve);
    });
  return { read, reads: () => reads, finish: (version: number) => pending.shift()?.(version) };
}

describe('VersionWatch', () => {
  it('reads once for the requests that arrive together, then answers from memory', async () => {
    const db = controlledReads();
    const watch = new VersionWatch(db.read, 60_000);
    const first = watch.current();
    const second = watch.current();
    db.finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(await watch.current()).toBe(7);
    expect(db.reads()).toBe(1);
  });

  it('reads again after an announcement, and never keeps a read that began before it', async () => {
    const db = controlledReads();
    const watch = new VersionWatch(db.read, 60_000);
    const straddling = watch.current();
    watch.changed();
    db.finish(7);
    // The request that asked before the announcement gets what was read for it…
    expect(await straddling).toBe(7);
    // …but the next one asks the database again.
    const fresh = watch.current();
    db.finish(8);
    expect(await fresh).toBe(8);
    expect(await watch.current()).toBe(8);
    expect(db.reads()).toBe(2);
  });

  it('trusts what it knows only for its maximum age, should an announcement be lost', async () => {
    const db = controlledReads();
    const watch = new VersionWatch(db.read, 0);
    const first = watch.current();
    db.finish(1);
    await first;
    const second = watch.current();
    db.finish(2);
    expect(await second).toBe(2);
    expect(db.reads()).toBe(2);
  });

  it('lets a failed read fail its requests and tries again on the next', async () => {
    let fail = true;
    const watch = new VersionWatch(async () => {
      if (fail) throw new Error('database unreachable');
      return 3;
    }, 60_000);
    await expect(watch.current()).rejects.toThrow('database unreachable');
    fail = false;
    expect(await watch.current()).toBe(3);
  });
});
