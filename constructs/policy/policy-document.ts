import { ForwardRequestOptions, PolicyStatement, forwardRequest } from './statements';
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
  /** Statements after `<base />` in `<outbound>`. @default - none */
  readonly outbound?: PolicyStatement[];
  /** Statements after `<base />` in `<on-error>`. @default - none */
  readonly onError?: PolicyStatement[];
}

const BASE: XmlElement = { name: 'base' };

/**
 * An APIM policy document built from typed statements. Every section keeps `<base />` so
 * policies of the enclosing scope still apply; the backend of a streaming API replaces it
 * with an unbuffered `forward-request` (EDGE-3).
 *
 * ```ts
 * new PolicyDocument({
 *   inbound: [checkHeader({ name: 'X-Azure-FDID', values: [frontDoorId] })],
 *   streamingForwardRequest: { timeoutSeconds: 240 },
 * }).toXml();
 * ```
 */
export class PolicyDocument {
  constructor(private readonly props: PolicyDocumentProps = {}) {}

  /** The document as XML, ready for an `xml_content` attribute. */
  toXml(): string {
    const section = (name: string, statements: PolicyStatement[] | undefined): XmlElement => ({
      name,
      children: [BASE, ...(statements ?? []).map((s) => s.element)],
    });
    const backend: XmlElement = this.props.streamingForwardRequest
      ? { name: 'backend', children: [forwardRequest(this.props.streamingForwardRequest).element] }
      : { name: 'backend', children: [BASE] };
    return renderXml({
      name: 'policies',
      children: [
        section('inbound', this.props.inbound),
        backend,
        section('outbound', this.props.outbound),
        section('on-error', this.props.onError),
      ],
    });
  }
}
