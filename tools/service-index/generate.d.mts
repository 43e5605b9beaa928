/** One export the service index lists: its name and its module (`../<folder>/<file>`). */
export interface IndexedExport { name: string; module: string }
/** What the service folders under `dir` (default constructs/) export; throws on a list or descriptor written another way. */
export function serviceExports(dir?: string): { descriptors: IndexedExport[]; rules: IndexedExport[] };
