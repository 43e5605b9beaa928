import { IConstruct } from 'constructs';

/** What a rule found on one resource: the parts of a refusal message. */
export interface RuleFinding {
  /** Terraform attribute path, e.g. `response_timeout_seconds` or `template.container[0].image`. */
  readonly setting: string;
  /** @default - undefined */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  readonly given?: any;
  readonly problem: string;
  readonly fix: string;
}

/** How a rule's check came out on one resource. */
export enum RuleStatus {
  COMPLIANT = 'compliant',
  NON_COMPLIANT = 'non-compliant',
  /** The rule does not concern this resource (another type, or a case it does not cover). */
  NOT_APPLICABLE = 'not-applicable',
}

/** The outcome of one rule on one resource. */
export class RuleOutcome {
  public static compliant(): RuleOutcome {
    return new RuleOutcome(RuleStatus.COMPLIANT, []);
  }

  public static notApplicable(): RuleOutcome {
    return new RuleOutcome(RuleStatus.NOT_APPLICABLE, []);
  }

  /** One or more findings; without any, the outcome is compliant. */
  public static nonCompliant(...findings: RuleFinding[]): RuleOutcome {
    return findings.length === 0 ? RuleOutcome.compliant() : new RuleOutcome(RuleStatus.NON_COMPLIANT, findings);
  }

  private constructor(public readonly status: RuleStatus, public readonly findings: RuleFinding[]) {}
}

/** A resource as a rule sees it: its synthesized Terraform attributes, references resolved. */
export interface RuleResource {
  /** Terraform resource type, e.g. `azurerm_container_app`. */
  readonly type: string;
  /** Terraform address, e.g. `azurerm_container_app.app_http-app_4A9D02E1`. */
  readonly address: string;
  /** Construct path, for messages. */
  readonly path: string;
  /**
   * Attributes as Terraform sees them (snake_case). References to other resources are strings
   * such as `${azurerm_container_app.x.ingress[0].fqdn}`. In a synth they are resolved as a rule
   * reads them (a Proxy): read, enumerate, spread or serialize them as a plain object; copy with a
   * spread, not `structuredClone`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  readonly attributes: { [name: string]: any };
  /**
   * The construct, for rules that read construct metadata (e.g. a declared heartbeat). Resources
   * read from plain Terraform (the `azure-lessons` command) have none: rules then judge the
   * attributes alone.
   * @default - none (a resource read from Terraform files or a plan)
   */
  readonly construct?: IConstruct;
}

/** The stack a rule runs in: every resource, and whether it deploys production. */
export interface IRuleContext {
  readonly production: boolean;
  readonly resources: RuleResource[];
  /** The resources `value` references (any string or nested value), optionally of one type only. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jsii has no `unknown`; `any` is how other languages see a free value
  referencedBy(value: any, type?: string): RuleResource[];
  /** The resources of a type. */
  resourcesOfType(type: string): RuleResource[];
}

/**
 * One lessons-check rule: a check over the synthesized attributes of one or more resource
 * types, so it also sees raw provider resources other teams write. Its level (error, warning)
 * is set by the pack that includes it, not by the rule.
 */
export interface ILessonRule {
  /** Unique id: `<lesson>.<Name>`, e.g. `SEC-1.RedisAccessKeys`; what suppressions name. */
  readonly id: string;
  /** The lesson it encodes, e.g. `SEC-1`; suppressing the lesson suppresses all its rules. */
  readonly lesson: string;
  /** One sentence on what the rule finds. */
  readonly description: string;
  /**
   * Terraform resource types the rule reads; other resources are not applicable. The root module's
   * blocks that are no resources have types of their own, which a rule names to read them:
   * `output` (address `output.<name>`), `provider` (`provider.<name>[.<alias>]`),
   * `terraform.backend` (`terraform.backend.<type>`), `variable` (`var.<name>`), `local`
   * (`local.<name>`), `module` (a module call, `module.<name>`) and `data.<type>` (a data source,
   * `data.<type>.<name>`). `*` reads every resource, data source and module call; a prefix ending in
   * `*` reads the types it starts (`azurerm_*`: every azurerm resource, no data source).
   */
  readonly resourceTypes: string[];
  evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome;
}
