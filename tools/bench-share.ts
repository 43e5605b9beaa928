/**
 * Whose code a synthesis spends its time in, read from a V8 CPU profile (`node --cpu-prof`).
 *
 * Every sample's time goes to the function the CPU was in (self time), and the function to the
 * owner of the file it was loaded from: this library (its constructs, stacks and app entry, with
 * the lessons check apart), cdktf itself (`cdktf`, `constructs`), the generated provider
 * bindings (`@cdktf/provider-*`, `.gen/`), Node and V8 (modules without a file, the garbage
 * collector), or anything else in node_modules. The library's share is its time against
 * cdktf's and the bindings' for the same resources: what the library adds to what cdktf would
 * cost anyway.
 */
import { readFileSync } from 'node:fs';

/** Who owns a piece of the run. */
export type Owner = 'library' | 'lessons-check' | 'cdktf' | 'bindings' | 'node' | 'other';

interface ProfileNode { id: number; callFrame: { url: string; functionName: string } }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** The owner of the code at `url` (a file URL or path as V8 reports it). */
export function ownerOf(url: string): Owner {
  const path = url.replace(/\\/g, '/');
  if (path === '' || path.startsWith('node:')) return 'node';
  if (/\/node_modules\/(cdktf|constructs)\//.test(path)) return 'cdktf';
  if (/\/node_modules\/@cdktf\/provider-[^/]+\//.test(path) || path.includes('/.gen/')) return 'bindings';
  if (path.includes('/node_modules/')) return 'other';
  if (/\/constructs\/(lessons-check|lessons-cli)\/|\/constructs\/stack\/(lessons-check|platform-lessons-pack)\./.test(path)) return 'lessons-check';
  if (/\/(constructs|stacks|src)\//.test(path)) return 'library';
  return 'other';
}

/** Milliseconds of self time per owner in one profile. */
export function timeByOwner(profile: CpuProfile): Record<Owner, number> {
  const ownerOfNode = new Map(profile.nodes.map((n) => [n.id, ownerOf(n.callFrame.url)] as const));
  const totals: Record<Owner, number> = { library: 0, 'lessons-check': 0, cdktf: 0, bindings: 0, node: 0, other: 0 };
  profile.samples.forEach((nodeId, i) => {
    totals[ownerOfNode.get(nodeId) ?? 'other'] += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return totals;
}

/** The library's time (its code and the lessons check) against cdktf's and the bindings'. */
export function libraryShare(totals: Record<Owner, number>): number {
  const cdktf = totals.cdktf + totals.bindings;
  return cdktf === 0 ? 0 : (totals.library + totals['lessons-check']) / cdktf;
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}
