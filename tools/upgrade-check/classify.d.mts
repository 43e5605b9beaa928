export interface Loss {
  address: string; type: string; action: string; category?: string; name?: string; reason?: string; paths: string[];
  recreatedAs?: string; preexisting?: boolean; announcement?: string;
}
export interface Move { from: string; to: string; actions: string }
export interface Announcement { stack: string; address: string; line: string }
export interface StackResult { stack: string; losses: Loss[]; moves: Move[]; counts: Record<string, number>; errors: { severity: string; address: string; summary: string; detail?: string }[]; seconds?: number }
export const CATEGORY_ORDER: string[];
export const ANNOUNCEMENT_HEADING: string;
export function statefulCategory(type: string, values: unknown): string | undefined;
export function classify(changes: unknown[], diagnostics?: unknown[]): { losses: Loss[]; moves: Move[]; counts: Record<string, number> };
export function parseAnnouncements(changelog: string): Announcement[];
export function announcementFor(stack: string, address: string, announcements: Announcement[]): Announcement | undefined;
export function unannounced(results: StackResult[], announcements: Announcement[]): (Loss & { stack: string })[];
export function describeLoss(loss: Loss, announcement?: string): string;
