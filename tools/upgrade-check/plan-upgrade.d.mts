import { Announcement, Loss, StackResult } from './classify.mjs';
export function checkUpgrade(options: {
  pairs: { stack: string; oldDir: string; newDir: string }[]; announcements: Announcement[]; workRoot: string; jobs?: number;
  onResult?: (result: StackResult) => void;
}): Promise<{ results: StackResult[]; failing: (Loss & { stack: string })[] }>;
export function cleanUp(dir: string, keep: boolean): void;
