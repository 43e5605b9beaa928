#!/usr/bin/env node
// The `azure-preflight` command (package.json `bin`): a stack's deploy prerequisites, checked with the deployer's credentials.
import { PreflightCommand } from './command';

PreflightCommand.run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 2;
});
