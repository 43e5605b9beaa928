/** One generator `npm run generate` runs: its npm script and what it writes. */
export interface GenerateStep { script: string; writes: string }
export declare const STEPS: readonly GenerateStep[];
export declare const NOT_RUN: Readonly<Record<string, string>>;
