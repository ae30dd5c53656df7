import { msg, type MsgValue } from '../../../shared/i18n/message';
import type { PolicySource } from '../../../shared/policy';
import { missingCase } from '../../../shared/result';

/**
 * The settings a rule comes from, as a word of the language ("user settings" names a file people know); a source
 * that is no settings file (the mode, the built-in rules, the command line) keeps its name.
 */
export function policySourceWord(source: PolicySource): MsgValue {
  switch (source) {
    case 'managed':
    case 'local':
    case 'project':
    case 'user':
    case 'session':
      return msg(`notices.hook.source.${source}`);
    case 'mode':
    case 'builtin':
    case 'cli':
    case 'sandbox':
      return source;
    default:
      return missingCase(source);
  }
}
