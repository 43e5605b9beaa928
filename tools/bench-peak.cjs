// Preloaded by tools/bench.ts into each measured process: on exit, writes the process's peak
// resident set size (KiB) to the file named by BENCH_PEAK_FILE, and, after it, the CPU time the
// process used (user + system, microseconds), which a loaded machine disturbs less than the wall time.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (!process.env.BENCH_PEAK_FILE) return;
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_PEAK_FILE, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}`);
});
