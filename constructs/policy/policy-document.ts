import { ForwardRequestOptions, PolicyStatement, PolicyValueError, forwardRequest } from './statements';
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

/**
 * An APIM policy document built from typed statements. Every section keeps `<base />` so
 * policies of the enclosing scope still apply; the backend of a streaming API replaces it
 * with an unbuffered `forward-request` (EDGE-3), and `backend` replaces it with statements of
 * its own (e.g. `limit-concurrency` around `forward-request`, GW-6).
 *
 * ```ts
 * new PolicyDocument({
 *   inbound: [checkHeader({ name: 'X-Azure-FDID', values: [frontDoorId] })],
 *   streamingForwardRequest: { timeoutSeconds: 240 },
 * }).toXml();
 * ```
 */
export class PolicyDocument {
  constructor(private readonly props: PolicyDocumentProps = {}) {
    if (props.backend && props.streamingForwardRequest) {
      throw new PolicyValueError('[EDGE-3] PolicyDocument backend = both backend and streamingForwardRequest: the backend section is one or the other. '
        + 'Fix: put forwardRequest({ timeoutSeconds, bufferResponse: false }) into backend yourself.');
    }
    if (props.backend && props.backend.length === 0) {
      throw new PolicyValueError('[EDGE-3] PolicyDocument backend = []: an empty backend section never calls the backend. '
        + 'Fix: give the statements that forward the call, or leave backend unset for <base />.');
    }
  }

  /** The document as XML, ready for an `xml_content` attribute. */
  toXml(): string {
    const section = (name: string, statements: PolicyStatement[] | undefined): XmlElement => ({
      name,
      children: [BASE, ...(statements ?? []).map((s) => s.element)],
    });
    const backend: XmlElement = this.props.streamingForwardRequest
      ? { name: 'backend', children: [forwardRequest(this.props.streamingForwardRequest).element] }
      : { name: 'backend', children: this.props.backend ? this.props.backend.map((s) => s.element) : [BASE] };
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
