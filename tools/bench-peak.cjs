// Preloaded by tools/bench.ts into each measured process: on exit, writes the process's peak
// resident set size (KiB) to the file named by BENCH_PEAK_FILE, and, after it, the CPU time the
// process used (user + system, microseconds), which a loaded machine disturbs less than the wall
// time, and last the CPU time of its main thread alone (microseconds; -1 where Linux's
// /proc/self/task/<pid>/schedstat is missing or empty): the process's figure also counts V8's helper
// threads (parallel and concurrent garbage collection, optimizing compilation), which run beside
// the JavaScript on a machine with more than one core.
const { readFileSync, writeFileSync } = require('node:fs');

function mainThreadMicros() {
  try {
    // The first field: nanoseconds the thread has run on a CPU (0 on a kernel that keeps no scheduler statistics).
    const nanoseconds = Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
    return nanoseconds > 0 ? Math.round(nanoseconds / 1000) : -1;
  } catch {
    return -1;
  }
}

process.on('exit', () => {
  if (!process.env.BENCH_PEAK_FILE) return;
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_PEAK_FILE, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime} ${mainThreadMicros()}`);
});
