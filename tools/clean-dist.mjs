// `npm run build` starts from an empty dist/, so a file removed from the sources is not shipped.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const path of ['dist', 'tsconfig.build.tsbuildinfo']) rmSync(join(root, path), { recursive: true, force: true });
