import { ReleaseImage } from '../../core/release-image';
import { IRuleContext, ILessonRule, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf } from '../../lessons-check/rules/attributes';

/**
 * RELEASE: a production stack runs reviewed code only: no public sample image, no untagged or
 * `latest` image, for every Container App, also ones written with raw provider classes.
 */
export class ProductionImageRule implements ILessonRule {
  public readonly id = 'RELEASE.ProductionImage';
  public readonly lesson = 'RELEASE';
  public readonly description = 'A Container App in a production stack that runs a sample image or an image without a version tag or digest.';
  public readonly resourceTypes = ['azurerm_container_app'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (!context.production) return RuleOutcome.notApplicable();
    const containers = blocksOf(blockOf(resource.attributes.template)?.container);
    return RuleOutcome.nonCompliant(...containers.flatMap((container, i) => {
      const image = container.image;
      if (typeof image !== 'string') return [];
      const problem = ReleaseImage.problemOf(image);
      return problem ? [{ setting: `template.container[${i}].image`, given: image, problem: problem.problem, fix: problem.fix }] : [];
    }));
  }
}
