/**
 * Test helper: validates APIM policy XML against Microsoft's policy XSD
 * (microsoft/vscode-apimanagement resources/policySchemas, see PROVENANCE.md).
 *
 * The schema is test data that lives outside the repo, in ../shared/schemas/apim-policy
 * relative to the repo root (override with APIM_POLICY_XSD_DIR). Tests must check
 * policySchemaAvailable() and skip when it returns false.
 */
import * as fs from 'fs';
import * as path from 'path';
import { validateXML, type XMLFileInfo, type XMLValidationError } from 'xmllint-wasm';

const ROOT_SCHEMA = 'policies.xsd';

export interface PolicyValidationResult {
  valid: boolean;
  errors: string[];
}

interface SchemaFiles {
  root: XMLFileInfo;
  includes: XMLFileInfo[];
}

/** Folder holding policies.xsd and the files it xs:include's. */
export function policySchemaDir(): string {
  const fromEnv = process.env.APIM_POLICY_XSD_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const repoRoot = path.resolve(__dirname, '..', '..');
  return path.resolve(repoRoot, '../shared/schemas/apim-policy');
}

export function policySchemaAvailable(): boolean {
  return fs.existsSync(path.join(policySchemaDir(), ROOT_SCHEMA));
}

/** '' when the schema is there; otherwise a reason to append to a skipped suite's title. */
export function policySchemaSkipReason(): string {
  return policySchemaAvailable()
    ? ''
    : ` [SKIPPED: policies.xsd not found in ${policySchemaDir()}; set APIM_POLICY_XSD_DIR or check out ../shared]`;
}

const schemaCache = new Map<string, Promise<SchemaFiles>>();

/** Reads every .xsd in the folder once per folder; file names are kept so xs:include resolves. */
function loadSchema(dir: string): Promise<SchemaFiles> {
  let cached = schemaCache.get(dir);
  if (!cached) {
    cached = (async (): Promise<SchemaFiles> => {
      const names = (await fs.promises.readdir(dir)).filter((n) => n.endsWith('.xsd')).sort();
      if (!names.includes(ROOT_SCHEMA)) throw new Error(`${ROOT_SCHEMA} not found in ${dir}`);
      const files = await Promise.all(
        names.map(async (fileName): Promise<XMLFileInfo> => ({
          fileName,
          // Buffers (Uint8Array) keep the bytes as-is, BOMs included.
          contents: await fs.promises.readFile(path.join(dir, fileName)),
        })),
      );
      const root = files.find((f) => f.fileName === ROOT_SCHEMA);
      if (!root) throw new Error(`${ROOT_SCHEMA} not found in ${dir}`);
      return { root, includes: files.filter((f) => f !== root) };
    })();
    cached.catch(() => schemaCache.delete(dir));
    schemaCache.set(dir, cached);
  }
  return cached;
}

function formatError(e: XMLValidationError): string {
  return e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message;
}

/**
 * Validates one policy document against policies.xsd.
 * A document that is not well-formed XML comes back invalid (parser errors in `errors`);
 * a schema that cannot be loaded or compiled rejects.
 */
export async function validatePolicyXml(xml: string): Promise<PolicyValidationResult> {
  const { root, includes } = await loadSchema(policySchemaDir());
  const result = await validateXML({
    xml: [{ fileName: 'policy.xml', contents: xml }],
    schema: [root],
    preload: includes,
  });
  return { valid: result.valid, errors: result.errors.map(formatError) };
}
