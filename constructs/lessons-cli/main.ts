#!/usr/bin/env node
// The `azure-lessons` command (package.json `bin`): the lessons check over plain Terraform.
import { LessonsCommand } from './command';

LessonsCommand.run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 2;
});
