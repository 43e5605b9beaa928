/**
 * Test-only KQL checker on Microsoft's own parser and binder: Kusto.Language (C#) built for
 * JavaScript with Bridge.NET, published as `@kusto/language-service-next`. Unlike the synth-time
 * lexer (constructs/monitoring/kql.ts), it binds the query: every column, table and function must
 * exist and the argument types must fit, against the table schemas in ./log-tables.
 *
 * The package is not a module: `bridge.min.js` defines the Bridge.NET runtime as globals (`Bridge`,
 * `System`) and `Kusto.Language.Bridge.min.js` then registers `globalThis.Kusto`. The two imports
 * below must stay in this order. Node caches them, so a test file loads the library once (about
 * 0.2 s for 5 MB of minified script; the package is 32 MB unpacked); the first global state and
 * analysis then take about 1 s more, initialising the built-in functions, then about 8 ms a query.
 */
import '@kusto/language-service-next/bridge.min.js';
import '@kusto/language-service-next/Kusto.Language.Bridge.min.js';
import type { KustoScalarType, LogTable } from './log-tables';

export type { KustoScalarType, LogColumn, LogTable } from './log-tables';

/** The few members of the Bridge.NET build that the checker uses (the package's .d.ts is 1.7 MB). */
interface BridgeList<T> {
  readonly Count: number;
  getItem(index: number): T;
}

/** Opaque handles: symbols and global state only go back into the library. */
type ScalarSymbol = { readonly __kind: 'ScalarSymbol' };
type KustoSymbol = { readonly __kind: 'Symbol' };
type KustoGlobalState = { readonly __kind: 'GlobalState'; WithDatabase(database: KustoSymbol): KustoGlobalState };

interface KustoDiagnostic {
  readonly Code: string | null;
  /** `Error` (will not run), `Warning`, `Suggestion`, `Information` or `Hidden`. */
  readonly Severity: string | null;
  readonly Message: string | null;
  /** Offset in the query text (UTF-16 code units, as JavaScript strings count). */
  readonly Start: number;
  readonly Length: number;
}

interface KustoLanguage {
  readonly Symbols: {
    readonly ScalarTypes: Readonly<Record<ScalarTypeMember, ScalarSymbol>>;
    readonly ColumnSymbol: new (name: string, type: ScalarSymbol) => KustoSymbol;
    /** `$ctor4` is the C# overload `TableSymbol(string name, params ColumnSymbol[] columns)`. */
    readonly TableSymbol: { readonly $ctor4: new (name: string, columns: KustoSymbol[]) => KustoSymbol };
    /** `ctor` is the C# overload `DatabaseSymbol(string name, params Symbol[] members)`. */
    readonly DatabaseSymbol: { readonly ctor: new (name: string, members: KustoSymbol[]) => KustoSymbol };
  };
  readonly GlobalState: { readonly Default: KustoGlobalState };
  readonly KustoCode: {
    ParseAndAnalyze(text: string, globals: KustoGlobalState): { GetDiagnostics(): BridgeList<KustoDiagnostic> };
  };
}

type ScalarTypeMember =
  | 'String' | 'Int' | 'Long' | 'Real' | 'Decimal' | 'DateTime' | 'TimeSpan' | 'Bool' | 'Dynamic' | 'Guid';

const SCALAR_TYPES: Readonly<Record<KustoScalarType, ScalarTypeMember>> = {
  string: 'String', int: 'Int', long: 'Long', real: 'Real', decimal: 'Decimal',
  datetime: 'DateTime', timespan: 'TimeSpan', bool: 'Bool', dynamic: 'Dynamic', guid: 'Guid',
};

/** Log Analytics queries name no database; the tables go into one database of this name. */
const DATABASE_NAME = 'LogAnalytics';

function kusto(): KustoLanguage {
  const language = (globalThis as { Kusto?: { Language?: KustoLanguage } }).Kusto?.Language;
  if (!language) throw new Error('@kusto/language-service-next did not register globalThis.Kusto.Language.');
  return language;
}

/** Global state per set of tables: building one costs more than analysing a query. */
const globalsByTables = new Map<string, KustoGlobalState>();

function globalsFor(tables: readonly LogTable[]): KustoGlobalState {
  const key = JSON.stringify(tables);
  const cached = globalsByTables.get(key);
  if (cached) return cached;
  const { Symbols, GlobalState } = kusto();
  const symbols = tables.map((table) => new Symbols.TableSymbol.$ctor4(
    table.name,
    table.columns.map((column) => new Symbols.ColumnSymbol(column.name, Symbols.ScalarTypes[SCALAR_TYPES[column.type]])),
  ));
  const globals = GlobalState.Default.WithDatabase(new Symbols.DatabaseSymbol.ctor(DATABASE_NAME, symbols));
  globalsByTables.set(key, globals);
  return globals;
}

/**
 * Parse and bind `query` with `tables` as the only tables of the database, and return its errors
 * (warnings and suggestions left out), each as `line L, column C: message` with 1-based positions.
 * An empty list means the parser and binder the Log Analytics editor uses find no error. The binder
 * is lenient in places: it accepts `int == string` comparisons, `prev()` over input that is not
 * serialized, and `case`/`iff` branches of different types.
 */
export function kqlDiagnostics(query: string, tables: readonly LogTable[]): string[] {
  const code = kusto().KustoCode.ParseAndAnalyze(query, globalsFor(tables));
  const diagnostics = code.GetDiagnostics();
  const errors: string[] = [];
  for (let i = 0; i < diagnostics.Count; i += 1) {
    const diagnostic = diagnostics.getItem(i);
    if (diagnostic.Severity !== 'Error') continue;
    errors.push(`${position(query, diagnostic.Start)}: ${diagnostic.Message ?? diagnostic.Code ?? 'error'}`);
  }
  return errors;
}

function position(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}
