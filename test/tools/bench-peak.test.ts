import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PRELOAD = join(__dirname, '..', '..', 'tools', 'bench-peak.cjs');
// A worker thread does some arithmetic while the main thread waits for it, idle.
const WORKER_BUSY = `
const { Worker } = require('node:worker_threads');
new Worker('let x = 0; for (let i = 0; i < 3e8; i += 1) x = (x + i) % 7919;', { eval: true });
`;

describe('the bench\'s measured process (tools/bench-peak.cjs)', () => {
  it.runIf(existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`))('writes peak memory, the process\'s CPU time and its main thread\'s alone, which leaves the other threads out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-peak-'));
    try {
      const file = join(dir, 'peak');
      execFileSync(process.execPath, ['--require', PRELOAD, '-e', WORKER_BUSY], { env: { ...process.env, BENCH_PEAK_FILE: file } });
      const [rssKb, cpuMicros, mainMicros] = readFileSync(file, 'utf8').split(' ').map(Number);
      expect(rssKb).toBeGreaterThan(10_000);
      expect(mainMicros).toBeGreaterThan(0);
      // The worker's arithmetic is in the process's figure and not in the main thread's.
      expect(cpuMicros - mainMicros).toBeGreaterThan(100_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
