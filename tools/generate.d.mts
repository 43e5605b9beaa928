/** One generator `npm run generate` runs: its npm script, what it writes, and how it says it cannot run here. */
export interface GenerateStep { script: string; writes: string; othersReadIt?: boolean; cannotRun?: number }
export type StepOutcome = 'done' | 'not-run' | 'failed' | 'skipped';
export declare const STEPS: readonly GenerateStep[];
export declare const NOT_RUN: Readonly<Record<string, string>>;
export declare function outcomeOf(step: GenerateStep, status: number): StepOutcome;
export declare function exitCodeOf(outcomes: readonly StepOutcome[], check: boolean): number;
export declare function runSteps(steps: readonly GenerateStep[], check: boolean, run: (step: GenerateStep) => number): { step: GenerateStep; outcome: StepOutcome }[];
