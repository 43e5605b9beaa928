import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inWorkers } from '../../tools/terraform-check/terraform.mjs';

describe('inWorkers: the Terraform checks\' workers', () => {
  it('gives each worker a plugin cache of its own, used by one init at a time, and keeps the items\' order', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tf-workers-'));
    try {
      const busy = new Set<string>();
      const cachesSeen: string[] = [];
      let overlapped = false;
      const results = await inWorkers([1, 2, 3, 4, 5, 6, 7], 3, root, async (item: number, cache: string) => {
        // Two inits sharing a cache at once is the race this prevents.
        if (busy.has(cache)) overlapped = true;
        busy.add(cache);
        cachesSeen.push(cache);
        expect(existsSync(cache)).toBe(true);
        await new Promise((r) => setTimeout(r, (8 - item) * 3));
        busy.delete(cache);
        return item * 10;
      });
      expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
      expect(overlapped).toBe(false);
      expect([...new Set(cachesSeen)].sort()).toEqual([0, 1, 2].map((n) => join(root, `plugin-cache-${n}`)));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('starts no more workers than there are items', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tf-workers-'));
    try {
      const caches = new Set<string>();
      await inWorkers(['a'], 4, root, async (_item: string, cache: string) => { caches.add(cache); });
      expect([...caches]).toEqual([join(root, 'plugin-cache-0')]);
      expect(await inWorkers([], 2, root, async () => 1)).toEqual([]);
      // A job count below one still runs every item, one worker.
      expect(await inWorkers([1, 2], 0, root, async (n: number) => n)).toEqual([1, 2]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
