export async function secondPlan() { return { seconds: 0, changes: [], adjustments: [], diagnostics: [] }; }
