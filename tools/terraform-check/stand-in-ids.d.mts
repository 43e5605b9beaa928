// Types of stand-in-ids.mjs, for the tests.
export const GUID_STAND_IN: string;
export const ID_TEMPLATES: Record<string, (values: Record<string, unknown>) => string>;
export function standInId(type: string, values: Record<string, unknown>): string | undefined;
export function addDescribedIds(templates: Record<string, string>): void;
export function fillIdTemplate(template: string, values: Record<string, unknown>): string;
