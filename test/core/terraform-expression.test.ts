import { describe, expect, it } from 'vitest';
import { EVALUATED_FUNCTIONS, evaluateValue, knownParts, literalize, localKey, TerraformVariables } from '../../constructs/core/terraform-expression';

// What Terraform will get for a value as the synthesized stack (or hcl2json) writes it (issue 28).
const VARIABLES: TerraformVariables = new Map([
  ['region', { hasDefault: true, default: 'westeurope', sensitive: false }],
  ['key', { hasDefault: true, default: 'abc123', sensitive: true }],
  ['token', { hasDefault: false, sensitive: true }],
  ['tag', { hasDefault: false, sensitive: false }],
  ['m', { hasDefault: true, default: { k: 'ghp_m', level: 'Information' }, sensitive: false }],
  ['list', { hasDefault: true, default: ['a', 'b'], sensitive: false }],
  // Locals, as the stack and the HCL reader give them: their expression as the default.
  [localKey('t'), { hasDefault: true, default: 'ghp_local', sensitive: false }],
  [localKey('u'), { hasDefault: true, default: '${upper(local.t)}', sensitive: false }],
  [localKey('obj'), { hasDefault: true, default: { a: '${var.region}', nested: { b: 'x' } }, sensitive: false }],
  [localKey('fqdn'), { hasDefault: true, default: '${azurerm_x.y.fqdn}', sensitive: false }],
  [localKey('secret'), { hasDefault: true, default: '${var.key}', sensitive: false }],
  [localKey('self'), { hasDefault: true, default: '${local.self}', sensitive: false }],
]);
const value = (text: string) => evaluateValue(text, VARIABLES);

describe('evaluateValue', () => {
  it.each([
    ['${join("", ["ghp_", "abc"])}', 'ghp_abc'],
    ['${lower("WestEurope")}', 'westeurope'],
    ['${upper(join("-", ["a", var.region]))}', 'A-WESTEUROPE'],
    ['${format("%s-%d", "a", 3)}', 'a-3'],
    ['${format("%q", "x")}', '"x"'],
    ['${base64decode("Z2hwXw==")}', 'ghp_'],
    ['${base64encode("a")}', 'YQ=='],
    ['${replace("a-b", "-", "_")}', 'a_b'],
    ['${trimspace(" a ")}', 'a'],
    ['${element(["a", "b"], 3)}', 'b'],
    ['${substr("hello", 1, 3)}', 'ell'],
    ['${jsonencode({"a" = "<b>"})}', '{"a":"\\u003cb\\u003e"}'],
    ['https://${lower("X")}.example.com', 'https://x.example.com'],
    ['${var.region}', 'westeurope'],
    ['${local.t}', 'ghp_local'],
    ['${local.u}', 'GHP_LOCAL'],
    ['${local.obj.a}', 'westeurope'],
    ['${local.obj["nested"].b}', 'x'],
    ['${var.m.k}', 'ghp_m'],
    ['${var.m["k"]}', 'ghp_m'],
    ['${lookup(var.m, "k")}', 'ghp_m'],
    ['${lookup(var.m, "missing", "d")}', 'd'],
    ['${var.list[1]}', 'b'],
    ['${element(values(var.m), 1)}', 'Information'],
    ['${join(",", keys(var.m))}', 'k,level'],
    ['${merge(var.m, {"k" = "x"}).k}', 'x'],
    ['a $${b} c', 'a ${b} c'],
    ['plain', 'plain'],
  ])('evaluates %s to %s', (text, expected) => {
    expect(value(text)).toMatchObject({ known: true, value: expected });
  });

  it('keeps a lone expression\'s type (a list, a number)', () => {
    expect(value('${concat(["a"], ["b"])}')).toMatchObject({ known: true, value: ['a', 'b'] });
    expect(value('${3}')).toMatchObject({ known: true, value: 3 });
  });

  it('marks what passes through a sensitive variable or sensitive(...)', () => {
    expect(value('${var.key}')).toEqual({ known: true, value: 'abc123', sensitive: true, sensitiveInputs: [] });
    expect(value('${sensitive("x")}')).toMatchObject({ known: true, sensitive: true });
    expect(value('${nonsensitive(var.key)}')).toMatchObject({ known: true, sensitive: false });
    expect(value('${local.secret}')).toMatchObject({ known: true, value: 'abc123', sensitive: true });
  });

  it('is unknown for a resource attribute, an undeclared local, a local of a resource attribute, a missing key, an unknown function, an operator, a variable without a default, a directive', () => {
    for (const text of ['${azurerm_x.y.id}', '${local.a}', '${local.fqdn}', '${local.self}', '${var.m.missing}', '${lookup(var.m, "missing")}', '${var.list[5]}', '${var.region.x}', '${md5("a")}', '${1 + 2}', '${var.tag}', '%{ if true }a%{ endif }', '${var.missing}', '${base64decode("not base64!")}']) {
      expect(value(text).known, text).toBe(false);
    }
  });

  it('is unknown, and not sensitive, for references to resources in text, and still reads a variable or a literal beside one', () => {
    for (const text of ['https://${azurerm_container_app.a.ingress[0].fqdn}/events', '${module.m.azurerm_x.y.id}${data.azurerm_client_config.c.tenant_id}', '${true.x}', '100%', 'a$']) {
      expect(value(text), text).toEqual(text === '100%' || text === 'a$' ? { known: true, value: text, sensitive: false, sensitiveInputs: [] } : { known: false, sensitive: false, sensitiveInputs: [] });
    }
    expect(value('${azurerm_x.y.id}-${var.key}')).toEqual({ known: false, sensitive: true, sensitiveInputs: [] });
    expect(value('$${azurerm_x.y.id}')).toMatchObject({ known: true, value: '${azurerm_x.y.id}' });
    expect(value('${ azurerm_x.y.id }')).toMatchObject({ known: false });
  });

  it('names the sensitive variables without a default an unknown value reads', () => {
    expect(value('Bearer ${var.token}')).toEqual({ known: false, sensitive: true, sensitiveInputs: ['token'] });
    expect(value('${azurerm_x.y.id}/${var.token}')).toMatchObject({ known: false, sensitiveInputs: ['token'] });
    expect(value('${var.tag}')).toEqual({ known: false, sensitive: false, sensitiveInputs: [] });
  });

  it('evaluates the common string functions the issue names', () => {
    expect(EVALUATED_FUNCTIONS).toEqual(expect.arrayContaining(['join', 'lower', 'upper', 'format', 'base64decode', 'sensitive', 'replace', 'trimspace']));
  });
});

describe('knownParts', () => {
  it('keeps what is known around the unknown parts', () => {
    expect(knownParts('${join("", ["http://", azurerm_x.y.fqdn, "/a?code=1"])}', VARIABLES)).toBe('http://\u0000/a?code=1');
    expect(knownParts('https://${azurerm_x.y.ingress[0].fqdn}/events', VARIABLES)).toBe('https://\u0000/events');
    expect(knownParts('${azurerm_x.y.id}', VARIABLES)).toBe('\u0000');
    expect(knownParts('${1 + 2}', VARIABLES)).toBeUndefined();
  });
});

describe('literalize', () => {
  it('replaces what evaluates, deeply, and leaves the unknown and the sensitive as written', () => {
    expect(literalize({ a: '${lower("X")}', b: ['${var.region}', '${azurerm_x.y.id}'], c: '${var.key}', d: 3 }, VARIABLES))
      .toEqual({ a: 'x', b: ['westeurope', '${azurerm_x.y.id}'], c: '${var.key}', d: 3 });
  });
});
