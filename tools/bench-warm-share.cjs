// One process of `npm run bench` (issue 30): synthesizes every stack of every environment (the
// main job, dist/src/main.js's app) twice in one process, and writes a V8 CPU profile of the second
// synth alone to the directory given (tools/bench-share.ts splits it by owner). The first synth
// pays what a run pays once for this library's code and cdktf's: compiling the functions it calls
// and V8's warm-up of them (the main job runs most of the library's code once or twice); the
// second shows what the same work costs once that is paid. Not a target: the goal is on the
// main job as consumers run it (tools/bench.ts).
//
//   node tools/bench-warm-share.cjs <profile dir> <outdir>
'use strict';
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const inspector = require('node:inspector');

const [profileDir, outdir] = process.argv.slice(2);
if (!profileDir || !outdir) {
  console.error('usage: node tools/bench-warm-share.cjs <profile dir> <outdir>');
  process.exit(2);
}
const root = join(__dirname, '..');
const { App } = require('cdktf');
const { buildApp } = require(join(root, 'dist', 'src', 'app.js'));
const { loadEnvironments } = require(join(root, 'dist', 'src', 'environments.js'));

function synth(dir) {
  mkdirSync(dir, { recursive: true });
  const app = new App({ outdir: dir });
  buildApp(app, loadEnvironments());
  app.synth();
}

synth(join(outdir, 'first'));
const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
(async () => {
  await post('Profiler.enable');
  // The interval `node --cpu-prof` takes by default (1 ms), as the main job's profile is taken.
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  synth(join(outdir, 'second'));
  const { profile } = await post('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(join(profileDir, 'second.cpuprofile'), JSON.stringify(profile));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
