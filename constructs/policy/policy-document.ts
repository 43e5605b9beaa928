import { InvalidValueError, deferredRefusalOf, refuseValue, withDeferredRefusal } from '../core/validation';
import { PolicyStatement, elementsAt } from './policy-statement';
import { ForwardRequestOptions, forwardRequestElement } from './statements';
import { XmlElement, renderXml } from './xml';

export interface PolicyDocumentProps {
  /** Statements after `<base />` in `<inbound>`. @default - none */
  readonly inbound?: PolicyStatement[];
  /**
   * The backend section. By default it is `<base />`, which inherits the global
   * `<forward-request />` (buffering on). A streaming API gives `streamingForwardRequest`
   * instead: the section then holds only that `forward-request`, with buffering off (EDGE-3).
   * This is the one section where `<base />` is deliberately left out.
   * @default - `<base />`
   */
  readonly streamingForwardRequest?: ForwardRequestOptions;
  /**
   * The backend section's statements, replacing `<base />`: e.g. a `forward-request` wrapped in
   * `limit-concurrency` (GW-6). Like `streamingForwardRequest`, this leaves the inherited global
   * backend out, so the statements must forward the call themselves. Not with
   * `streamingForwardRequest` (give the unbuffered `forward-request` here instead).
   * @default - `<base />`
   */
  readonly backend?: PolicyStatement[];
  /** Statements after `<base />` in `<outbound>`. @default - none */
  readonly outbound?: PolicyStatement[];
  /** Statements after `<base />` in `<on-error>`. @default - none */
  readonly onError?: PolicyStatement[];
}

const BASE: XmlElement = { name: 'base' };

/** A builder's refusal, named by its place in the document. */
function atPlace(where: string, make: () => XmlElement): XmlElement {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof InvalidValueError)) throw error;
    throw new InvalidValueError(`${where}.${error.builder}`, error.finding);
  }
}

/**
 * An APIM policy document built from typed statements. Every section keeps `<base />` so
 * policies of the enclosing scope still apply; the backend of a streaming API replaces it
 * with an unbuffered `forward-request` (EDGE-3), and `backend` replaces it with statements of
 * its own (e.g. `limit-concurrency` around `forward-request`, GW-6).
 *
 * ```ts
 * new PolicyDocument({
 *   inbound: [PolicyStatement.onlyFromFrontDoor(frontDoorId)],
 *   streamingForwardRequest: { timeoutSeconds: 240 },
 * }).toXml();
 * ```
 */
export class PolicyDocument {
  private readonly root?: XmlElement;

  /**
   * A refusal of the document or of a statement in it is raised by `PolicyDocument.toXml`
   * (inside the construct that renders it, which names itself in the message).
   */
  constructor(props: PolicyDocumentProps = {}) {
    try {
      this.root = PolicyDocument.rootOf(props);
    } catch (error) {
      if (!(error instanceof InvalidValueError)) throw error;
      withDeferredRefusal(this, error);
    }
  }

  private static rootOf(props: PolicyDocumentProps): XmlElement {
    if (props.backend && props.streamingForwardRequest) {
      refuseValue('PolicyDocument', {
        lesson: 'EDGE-3', setting: 'backend', given: 'both backend and streamingForwardRequest',
        problem: 'the backend section is one or the other.',
        fix: 'put PolicyStatement.forwardRequest({ timeoutSeconds, bufferResponse: false }) into backend yourself.',
      });
    }
    if (props.backend && props.backend.length === 0) {
      refuseValue('PolicyDocument', {
        lesson: 'EDGE-3', setting: 'backend', given: [],
        problem: 'an empty backend section never calls the backend.',
        fix: 'give the statements that forward the call, or leave backend unset for <base />.',
      });
    }
    const section = (name: string, statements: PolicyStatement[] | undefined): XmlElement => ({
      name,
      children: [BASE, ...elementsAt(`PolicyDocument.${name === 'on-error' ? 'onError' : name}`, statements ?? [])],
    });
    const backend: XmlElement = props.streamingForwardRequest
      ? { name: 'backend', children: [atPlace('PolicyDocument.streamingForwardRequest', () => forwardRequestElement(props.streamingForwardRequest!))] }
      : { name: 'backend', children: props.backend ? elementsAt('PolicyDocument.backend', props.backend) : [BASE] };
    return {
      name: 'policies',
      children: [section('inbound', props.inbound), backend, section('outbound', props.outbound), section('on-error', props.onError)],
    };
  }

  /** The document as XML, ready for an `xml_content` attribute. Values Terraform or APIM would reject are refused here. */
  public toXml(): string {
    const refused = deferredRefusalOf(this);
    if (refused || !this.root) throw refused;
    return renderXml(this.root);
  }
}
