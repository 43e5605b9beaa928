import { IConstruct } from 'constructs';
import { requireRange } from '../core/validation';

/** Refuse a container port outside 1-65535. */
export function checkTargetPort(scope: IConstruct, setting: string, port: number): void {
  requireRange(scope, port, {
    min: 1, max: 65535, setting, lesson: 'AZURE',
    problem: 'a container port is a whole number from 1 to 65535.', fix: 'use the port the container listens on.',
  });
}
