/** A line of the index this step does not know how to make lazy. */
export declare class LazifyError extends Error {}
/** The index source with every re-exported module loaded on first use; `modules` counts them. */
export declare function lazifyIndex(source: string): { source: string; modules: number };
