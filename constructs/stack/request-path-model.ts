import * as fs from 'fs';
import * as path from 'path';
import { TerraformDataSource, TerraformElement, TerraformStack, Token } from 'cdktf';
import { addOwnSynthesis } from '../core/own-synthesis';
import { Construct, IConstruct } from 'constructs';
import { resolveIn } from '../core/claims';
import { compareText } from '../core/text-order';
import {
  PATH_FACTS_METADATA, PATH_GRANT_METADATA, PATH_HOP_METADATA, PATH_NODE_METADATA,
  PathDeclaration, PathFacts, PathGrant, PathHop, PathNode, PathNodeKind,
} from '../core/path-declarations';
import { TimeoutLayer } from '../core/request-path';
import { RuleLevel } from '../lessons-check/pack';
import { ReportStatus } from '../lessons-check/report';
import { LessonsCheck } from './lessons-check';

/** The file written next to each synthesized stack. */
export const REQUEST_PATH_FILE = 'request-path.json';

/** A warning or an error (a refusal of the lessons check) found on a box of the path. */
export interface PathMark {
  /** `warning` or `error`. */
  readonly level: string;
  /** The rule's or the construct finding's id, e.g. `ACCESS.ApiCallerCheck`. */
  readonly id: string;
  readonly message: string;
}

/** A box of the model. */
export interface PathModelNode {
  /** Construct path of the construct that declared it, or `external:<name>`. */
  readonly id: string;
  readonly kind: PathNodeKind;
  readonly title: string;
  /** The Azure resource name, when known at synth. @default - none */
  readonly name?: string;
  readonly lines: string[];
  readonly callerChecks: string[];
  readonly limiterKeys: string[];
  /** The id of the box it sits inside. @default - none */
  readonly group?: string;
  readonly marks: PathMark[];
}

/** A hop of the model: both ends are box ids; the timeouts are every layer the hop crosses. */
export interface PathModelHop {
  readonly from: string;
  readonly to: string;
  readonly protocol: string;
  readonly timeouts: TimeoutLayer[];
  readonly lines: string[];
}

/** A stack's request path: its boxes and hops, in a stable order. */
export interface PathModel {
  readonly stack: string;
  readonly nodes: PathModelNode[];
  readonly hops: PathModelHop[];
}

interface MutableNode {
  id: string; kind: PathNodeKind; title: string; name?: string; lines: string[]; callerChecks: string[]; limiterKeys: string[];
  group?: string; marks: PathMark[]; urlPath?: string; inbound: TimeoutLayer[]; outbound: TimeoutLayer[]; accessProtocol: string;
}

/**
 * The request path of a stack, built from what its constructs declared (`PathDeclaration`): the
 * boxes, the hops with their protocols and every timeout layer they cross, the caller checks and
 * limiter keys of the gateways, the grants between the boxes, and the warnings and errors of the
 * lessons check on each box. Every `AzureStack` writes it next to its synthesized JSON
 * (`request-path.json`); `npm run synth` draws it (`request-path.svg`).
 */
export class RequestPathModel {
  /** The model of `stack` (its lessons check's findings included when it has one). */
  public static of(stack: TerraformStack): PathModel {
    return new Builder(stack).build();
  }

  /** Write the model next to the stack's synthesized JSON at every synth (`PlatformAspects` does it). */
  public static writeAtSynth(stack: TerraformStack): void {
    if (stack.node.tryFindChild(WRITER_ID)) return;
    addOwnSynthesis(new Construct(stack, WRITER_ID), (session) => {
      const dir = path.join(session.outdir, session.manifest.forStack(stack).workingDirectory);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, REQUEST_PATH_FILE), `${JSON.stringify(RequestPathModel.of(stack), null, 2)}\n`);
    });
  }

  private constructor() {}
}

const WRITER_ID = 'RequestPathModel';

/** `type.name` or `data.type.name` in a resolved Terraform expression (checked against the stack's elements). */
const REFERENCE = /(data\.)?\b([a-z][a-z0-9_]*)\.([A-Za-z0-9_-]+)/g;

class Builder {
  private readonly nodes = new Map<string, MutableNode>();
  private readonly hops = new Map<string, PathModelHop>();
  /** The first hop to each box from a box of each group, by `<to>|<group>` (a gateway's grant looks for the hop of its API it serves). */
  private readonly firstHopFromGroup = new Map<string, PathModelHop>();
  /** The boxes with a URL path, by the box that groups them (built when first asked: the boxes are all declared by then). */
  private apisByGroup?: Map<string, MutableNode[]>;
  private readonly elements = new Map<string, string>();
  /** Texts with tokens, resolved. */
  private readonly resolvedTexts = new Map<string, string>();
  /** The box each end names, as found. */
  private readonly ends = new Map<string, MutableNode | undefined>();
  private readonly constructs: IConstruct[];

  constructor(private readonly stack: TerraformStack) {
    this.constructs = stack.node.findAll();
  }

  public build(): PathModel {
    // Each construct's metadata read once (every read copies it), the declarations kept by kind in tree order.
    const factDecls: PathFacts[] = [];
    const hopDecls: PathHop[] = [];
    const grantDecls: PathGrant[] = [];
    for (const c of this.constructs) {
      if (c instanceof TerraformElement) {
        const type = (c as { terraformResourceType?: string }).terraformResourceType;
        if (type) this.elements.set(`${c instanceof TerraformDataSource ? 'data.' : ''}${type}.${c.friendlyUniqueId}`, c.node.path);
      }
      for (const m of c.node.metadata) {
        if (m.type === PATH_NODE_METADATA) this.addNode(c, m.data as PathNode);
        else if (m.type === PATH_FACTS_METADATA) factDecls.push(m.data as PathFacts);
        else if (m.type === PATH_HOP_METADATA) hopDecls.push(m.data as PathHop);
        else if (m.type === PATH_GRANT_METADATA) grantDecls.push(m.data as PathGrant);
      }
    }
    for (const node of this.nodes.values()) node.group ??= this.groupOf(node.id);
    // Facts first: a limit policy's forward-request timeout is on the hops its API forwards.
    for (const f of factDecls) this.addFacts(f);
    for (const h of hopDecls) this.addHop(h);
    for (const g of grantDecls) this.addGrant(g);
    this.addMarks();
    const nodes = [...this.nodes.values()].sort((a, b) => compareText(a.id, b.id)).map((n): PathModelNode => ({
      id: n.id, kind: n.kind, title: n.title, ...(n.name !== undefined ? { name: n.name } : {}), lines: n.lines,
      callerChecks: n.callerChecks, limiterKeys: n.limiterKeys, ...(n.group !== undefined ? { group: n.group } : {}), marks: n.marks,
    }));
    const hops = [...this.hops.values()].sort((a, b) => compareText(`${a.from}|${a.to}|${a.protocol}`, `${b.from}|${b.to}|${b.protocol}`));
    return { stack: this.stack.node.id, nodes, hops };
  }

  private text(value: string): string {
    if (!Token.isUnresolved(value)) return value;
    // Many declarations name the same resource by the same token (every grant on one topic): resolved once.
    let resolved = this.resolvedTexts.get(value);
    if (resolved === undefined) {
      resolved = String(resolveIn(this.stack, value));
      this.resolvedTexts.set(value, resolved);
    }
    return resolved;
  }

  /** A text for the picture: a value known only at apply reads as such, not as a Terraform expression. */
  private readable(value: string): string {
    return this.text(value).replace(/\$\{[^}]*\}/g, '(known at apply)');
  }

  private addNode(c: IConstruct, decl: PathNode): void {
    const name = decl.name === undefined ? undefined : this.text(decl.name);
    this.nodes.set(c.node.path, {
      id: c.node.path, kind: decl.kind, title: decl.title,
      // A name only known at apply says nothing in a picture.
      ...(name !== undefined && !name.includes('${') ? { name } : {}),
      lines: [...(decl.lines ?? [])].map((l) => this.readable(l)),
      callerChecks: decl.callerCheck ? [this.readable(decl.callerCheck)] : [], limiterKeys: decl.limiterKey ? [this.readable(decl.limiterKey)] : [],
      ...(decl.group !== undefined ? { group: decl.group } : {}), ...(decl.urlPath !== undefined ? { urlPath: decl.urlPath } : {}),
      marks: [], inbound: decl.inboundTimeouts ?? [], outbound: decl.outboundTimeouts ?? [], accessProtocol: decl.accessProtocol ?? 'HTTPS',
    });
  }

  /** The nearest declared box at or above `constructPath`. */
  private nodeAt(constructPath: string): MutableNode | undefined {
    for (let p = constructPath; p.length > 0; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') {
      const node = this.nodes.get(p);
      if (node) return node;
    }
    return undefined;
  }

  /** The nearest declared ancestor that holds other boxes (a group of apps). */
  private groupOf(id: string): string | undefined {
    const parent = id.includes('/') ? this.nodeAt(id.slice(0, id.lastIndexOf('/'))) : undefined;
    return parent && (parent.kind === PathNodeKind.APP_GROUP || parent.kind === PathNodeKind.GATEWAY) ? parent.id : undefined;
  }

  private external(name: string): MutableNode {
    const id = PathDeclaration.external(name);
    let node = this.nodes.get(id);
    if (!node) {
      node = { id, kind: PathNodeKind.EXTERNAL, title: name, lines: [], callerChecks: [], limiterKeys: [], marks: [], inbound: [], outbound: [], accessProtocol: 'HTTPS' };
      this.nodes.set(id, node);
    }
    return node;
  }

  /**
   * The box an end names: an outside party, a construct path, or a Terraform reference (the box of
   * the construct that holds the referenced resource; for a URL below a gateway's host, the API on
   * that path). A literal URL is an outside party named by its host.
   */
  private resolveEnd(end: string): MutableNode | undefined {
    // The boxes are all declared before the first end is resolved, so an end names the same box
    // each time (every grant on one topic names its id).
    if (this.ends.has(end)) return this.ends.get(end);
    const node = this.findEnd(end);
    this.ends.set(end, node);
    return node;
  }

  private findEnd(end: string): MutableNode | undefined {
    const party = PathDeclaration.externalName(end);
    if (party !== undefined) return this.external(party);
    const text = this.text(end);
    for (const match of text.matchAll(REFERENCE)) {
      const constructPath = this.elements.get(`${match[1] ?? ''}${match[2]}.${match[3]}`);
      const node = constructPath === undefined ? undefined : this.nodeAt(constructPath);
      if (!node) continue;
      // What follows the reference's interpolation: a URL path below the referenced host.
      const rest = text.slice(text.indexOf('}', match.index) + 1);
      return this.apiAt(node, rest) ?? node;
    }
    if (text.includes('${')) return undefined;
    const host = /^[a-z]+:\/\/([^/:]+)/.exec(text);
    if (host) return this.external(host[1]);
    return this.nodeAt(text);
  }

  /** The box inside `gateway` whose URL path starts `rest` (`/psp/v1/charges` -> the API on `psp`). */
  private apiAt(gateway: MutableNode, rest: string): MutableNode | undefined {
    if (this.apisByGroup === undefined) {
      this.apisByGroup = new Map();
      for (const n of this.nodes.values()) {
        if (n.group === undefined || n.urlPath === undefined) continue;
        const apis = this.apisByGroup.get(n.group);
        if (apis) apis.push(n);
        else this.apisByGroup.set(n.group, [n]);
      }
    }
    const candidates = (this.apisByGroup.get(gateway.id) ?? []).filter((n) => rest === `/${n.urlPath}` || rest.startsWith(`/${n.urlPath}/`));
    return candidates.sort((a, b) => b.urlPath!.length - a.urlPath!.length)[0];
  }

  private addHop(decl: PathHop, protocolOfTarget = false): void {
    const from = this.resolveEnd(decl.from);
    const to = this.resolveEnd(decl.to);
    if (!from || !to || from === to) return;
    const key = `${from.id}|${to.id}`;
    const existing = this.hops.get(key);
    if (existing) {
      // One arrow per pair of boxes: a second declaration (a grant on a declared hop) adds its lines.
      for (const line of decl.lines ?? []) if (!existing.lines.includes(line)) existing.lines.push(line);
      return;
    }
    const timeouts: TimeoutLayer[] = [];
    for (const layer of [...from.outbound, ...(decl.timeouts ?? []), ...to.inbound]) {
      if (!timeouts.some((t) => t.layer === layer.layer && t.constructPath === layer.constructPath)) timeouts.push(layer);
    }
    const hop: PathModelHop = {
      from: from.id, to: to.id, protocol: protocolOfTarget ? to.accessProtocol : decl.protocol, timeouts, lines: (decl.lines ?? []).map((l) => this.readable(l)),
    };
    this.hops.set(key, hop);
    if (from.group !== undefined && !this.firstHopFromGroup.has(`${to.id}|${from.group}`)) this.firstHopFromGroup.set(`${to.id}|${from.group}`, hop);
  }

  private addFacts(facts: PathFacts): void {
    const node = this.resolveEnd(facts.target);
    if (!node) return;
    const add = (into: string[], values: string[] | undefined) => { for (const v of values ?? []) if (!into.includes(v)) into.push(v); };
    const readable = (values: string[] | undefined) => values?.map((v) => this.readable(v));
    add(node.callerChecks, readable(facts.callerChecks));
    add(node.limiterKeys, readable(facts.limiterKeys));
    add(node.lines, readable(facts.lines));
    node.outbound.push(...(facts.outboundTimeouts ?? []));
  }

  /** A grant between two boxes is a hop from the principal's box to the resource's (the role on it). */
  private addGrant(grant: PathGrant): void {
    const to = this.resolveEnd(grant.resourceId);
    if (!to || to.kind === PathNodeKind.EXTERNAL) return;
    const from = this.resolveEnd(grant.principalId);
    if (!from) return;
    const line = grant.role ? `Entra ID: ${grant.role}` : 'Entra ID: data access policy';
    // A gateway's grant serves the API of it that calls the resource: the line goes on that hop.
    const served = this.firstHopFromGroup.get(`${to.id}|${from.id}`);
    if (served) {
      if (!served.lines.includes(line)) served.lines.push(line);
      return;
    }
    this.addHop({ from: from.id, to: to.id, protocol: '', lines: [line] }, true);
  }

  /** Warnings and errors of the lessons check, each on the box of the construct it was found on. */
  private addMarks(): void {
    const report = LessonsCheck.of(this.stack)?.reportOf(this.stack);
    for (const row of report?.results ?? []) {
      if (row.status !== ReportStatus.NON_COMPLIANT || (row.level !== RuleLevel.ERROR && row.level !== RuleLevel.WARNING)) continue;
      const node = this.nodeAt(row.resourcePath);
      if (node && !node.marks.some((m) => m.id === row.ruleId && m.message === row.message)) {
        node.marks.push({ level: row.level, id: row.ruleId, message: row.message ?? row.ruleId });
      }
    }
  }
}
