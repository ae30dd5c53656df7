import { en } from '../../shared/i18n/en';
import type { MessageKey } from '../../shared/i18n';
import { msg, type Msg } from '../../shared/i18n/message';
import type { T } from '../i18n';
import type { CommandSpec } from './catalog';

const translated = (name: string): name is keyof typeof en.commands.help => Object.hasOwn(en.commands.help, name);

/** A command's help line in the panel's language; its English help when the catalogs do not have it yet. */
export function commandHelp(t: T, c: CommandSpec): string {
  return translated(c.name) ? t(`commands.help.${c.name}` satisfies MessageKey) : c.help;
}

/** The help line as data (for the command log, which renders at paint time); its English help as written otherwise. */
export function commandHelpMsg(c: CommandSpec): Msg | string {
  return translated(c.name) ? msg(`commands.help.${c.name}` satisfies MessageKey) : c.help;
}
