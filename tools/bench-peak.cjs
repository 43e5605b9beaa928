// Preloaded by tools/bench.ts into each measured process: on exit, writes the process's peak
// resident set size (KiB) to the file named by BENCH_PEAK_FILE.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (process.env.BENCH_PEAK_FILE) writeFileSync(process.env.BENCH_PEAK_FILE, String(process.resourceUsage().maxRSS));
});
