// A Stryker ignorer: the wording of refusal and warning messages (`problem`, `fix`) and of
// descriptions is not pinned by the tests (the lesson id, the setting and the value are), so
// mutants that only change that text are not generated. Everything else is mutated as usual.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const MESSAGE_PROPERTIES = new Set(['problem', 'fix', 'description']);

function isMessageText(path) {
  const parent = path.parentPath;
  if (!parent || !parent.isObjectProperty() || parent.node.value !== path.node) return false;
  const key = parent.node.key;
  const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
  return name !== undefined && MESSAGE_PROPERTIES.has(name);
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-text', {
    shouldIgnore(path) {
      if (isMessageText(path)) return 'Message wording is not pinned; lesson, setting and value are.';
      return undefined;
    },
  }),
];
