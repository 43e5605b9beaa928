/**
 * A focused JSON schema (draft-07) of the SARIF 2.1.0 objects `azure-lessons` writes, from the
 * OASIS SARIF 2.1.0 specification (sarif-schema-2.1.0.json): the same required properties, enums,
 * formats and property names for sarifLog, run, tool, toolComponent, reportingDescriptor,
 * reportingConfiguration, multiformatMessageString, result, message, location, physicalLocation,
 * artifactLocation, region, logicalLocation, suppression and propertyBag. No npm package installed
 * here ships the official schema, and the tests run offline; objects the command does not write are
 * left out, and every object listed refuses properties the specification does not define, so a
 * misspelt or invented property fails like a missing required one.
 */
const uri = { type: 'string', format: 'uri-reference' };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required });
const propertyBag = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } };
const level = { enum: ['none', 'note', 'warning', 'error'] };

export const SARIF_2_1_0_SUBSET = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    multiformatMessageString: closed({ text: { type: 'string' }, markdown: { type: 'string' }, properties: propertyBag }, ['text']),
    message: {
      ...closed({ text: { type: 'string' }, markdown: { type: 'string' }, id: { type: 'string' }, arguments: { type: 'array', items: { type: 'string' } }, properties: propertyBag }),
      anyOf: [{ required: ['text'] }, { required: ['id'] }],
    },
    reportingConfiguration: closed({ enabled: { type: 'boolean' }, level, rank: { type: 'number', minimum: -1, maximum: 100 }, parameters: propertyBag, properties: propertyBag }),
    reportingDescriptor: closed({
      id: { type: 'string' }, deprecatedIds: { type: 'array' }, guid: { type: 'string' }, deprecatedGuids: { type: 'array' },
      name: { type: 'string' }, deprecatedNames: { type: 'array' },
      shortDescription: { $ref: '#/definitions/multiformatMessageString' }, fullDescription: { $ref: '#/definitions/multiformatMessageString' },
      messageStrings: { type: 'object' }, defaultConfiguration: { $ref: '#/definitions/reportingConfiguration' },
      helpUri: { type: 'string', format: 'uri' }, help: { $ref: '#/definitions/multiformatMessageString' },
      relationships: { type: 'array' }, properties: propertyBag,
    }, ['id']),
    toolComponent: closed({
      guid: { type: 'string' }, name: { type: 'string' }, organization: { type: 'string' }, product: { type: 'string' }, productSuite: { type: 'string' },
      shortDescription: { $ref: '#/definitions/multiformatMessageString' }, fullDescription: { $ref: '#/definitions/multiformatMessageString' },
      fullName: { type: 'string' }, version: { type: 'string' }, semanticVersion: { type: 'string' }, dottedQuadFileVersion: { type: 'string' },
      releaseDateUtc: { type: 'string' }, downloadUri: { type: 'string', format: 'uri' }, informationUri: { type: 'string', format: 'uri' },
      globalMessageStrings: { type: 'object' }, notifications: { type: 'array' },
      rules: { type: 'array', items: { $ref: '#/definitions/reportingDescriptor' }, uniqueItems: true },
      taxa: { type: 'array' }, locations: { type: 'array' }, language: { type: 'string' }, contents: { type: 'array' },
      isComprehensive: { type: 'boolean' }, localizedDataSemanticVersion: { type: 'string' }, minimumRequiredLocalizedDataSemanticVersion: { type: 'string' },
      associatedComponent: { type: 'object' }, translationMetadata: { type: 'object' }, supportedTaxonomies: { type: 'array' }, properties: propertyBag,
    }, ['name']),
    artifactLocation: closed({ uri, uriBaseId: { type: 'string' }, index: { type: 'integer', minimum: -1 }, description: { $ref: '#/definitions/message' }, properties: propertyBag }),
    region: closed({
      startLine: { type: 'integer', minimum: 1 }, startColumn: { type: 'integer', minimum: 1 }, endLine: { type: 'integer', minimum: 1 }, endColumn: { type: 'integer', minimum: 1 },
      charOffset: { type: 'integer', minimum: -1 }, charLength: { type: 'integer', minimum: 0 }, byteOffset: { type: 'integer', minimum: -1 }, byteLength: { type: 'integer', minimum: 0 },
      snippet: { type: 'object' }, message: { $ref: '#/definitions/message' }, sourceLanguage: { type: 'string' }, properties: propertyBag,
    }),
    physicalLocation: {
      ...closed({ address: { type: 'object' }, artifactLocation: { $ref: '#/definitions/artifactLocation' }, region: { $ref: '#/definitions/region' }, contextRegion: { $ref: '#/definitions/region' }, properties: propertyBag }),
      anyOf: [{ required: ['address'] }, { required: ['artifactLocation'] }],
    },
    logicalLocation: closed({
      name: { type: 'string' }, index: { type: 'integer', minimum: -1 }, fullyQualifiedName: { type: 'string' }, decoratedName: { type: 'string' },
      parentIndex: { type: 'integer', minimum: -1 }, kind: { type: 'string' }, properties: propertyBag,
    }),
    location: closed({
      id: { type: 'integer', minimum: -1 }, physicalLocation: { $ref: '#/definitions/physicalLocation' },
      logicalLocations: { type: 'array', items: { $ref: '#/definitions/logicalLocation' }, uniqueItems: true },
      message: { $ref: '#/definitions/message' }, annotations: { type: 'array' }, relationships: { type: 'array' }, properties: propertyBag,
    }),
    suppression: closed({
      guid: { type: 'string' }, kind: { enum: ['inSource', 'external'] }, status: { enum: ['accepted', 'underReview', 'rejected'] },
      justification: { type: 'string' }, location: { $ref: '#/definitions/location' }, properties: propertyBag,
    }, ['kind']),
    result: closed({
      ruleId: { type: 'string' }, ruleIndex: { type: 'integer', minimum: -1 }, rule: { type: 'object' },
      kind: { enum: ['notApplicable', 'pass', 'fail', 'review', 'open', 'informational'] }, level,
      message: { $ref: '#/definitions/message' }, analysisTarget: { $ref: '#/definitions/artifactLocation' },
      locations: { type: 'array', items: { $ref: '#/definitions/location' } },
      guid: { type: 'string' }, correlationGuid: { type: 'string' }, occurrenceCount: { type: 'integer', minimum: 1 },
      partialFingerprints: { type: 'object' }, fingerprints: { type: 'object' }, stacks: { type: 'array' }, codeFlows: { type: 'array' },
      graphs: { type: 'array' }, graphTraversals: { type: 'array' }, relatedLocations: { type: 'array' },
      suppressions: { type: 'array', items: { $ref: '#/definitions/suppression' }, uniqueItems: true },
      baselineState: { enum: ['new', 'unchanged', 'updated', 'absent'] }, rank: { type: 'number', minimum: -1, maximum: 100 },
      attachments: { type: 'array' }, hostedViewerUri: { type: 'string', format: 'uri' }, workItemUris: { type: 'array' },
      provenance: { type: 'object' }, fixes: { type: 'array' }, taxa: { type: 'array' }, webRequest: { type: 'object' }, webResponse: { type: 'object' },
      properties: propertyBag,
    }, ['message']),
    run: closed({
      tool: closed({ driver: { $ref: '#/definitions/toolComponent' }, extensions: { type: 'array' }, properties: propertyBag }, ['driver']),
      invocations: { type: 'array' }, conversion: { type: 'object' }, language: { type: 'string' }, versionControlProvenance: { type: 'array' },
      originalUriBaseIds: { type: 'object' }, artifacts: { type: 'array' }, logicalLocations: { type: 'array' }, graphs: { type: 'array' },
      results: { type: 'array', items: { $ref: '#/definitions/result' } },
      automationDetails: { type: 'object' }, runAggregates: { type: 'array' }, baselineGuid: { type: 'string' }, redactionTokens: { type: 'array' },
      defaultEncoding: { type: 'string' }, defaultSourceLanguage: { type: 'string' }, newlineSequences: { type: 'array' },
      columnKind: { enum: ['utf16CodeUnits', 'unicodeCodePoints'] }, externalPropertyFileReferences: { type: 'object' },
      threadFlowLocations: { type: 'array' }, taxonomies: { type: 'array' }, addresses: { type: 'array' }, translations: { type: 'array' },
      policies: { type: 'array' }, webRequests: { type: 'array' }, webResponses: { type: 'array' }, specialLocations: { type: 'object' },
      properties: propertyBag,
    }, ['tool']),
  },
  ...closed({
    $schema: { type: 'string', format: 'uri' }, version: { enum: ['2.1.0'] },
    runs: { type: ['array', 'null'], items: { $ref: '#/definitions/run' } },
    inlineExternalProperties: { type: 'array' }, properties: propertyBag,
  }, ['version', 'runs']),
};
