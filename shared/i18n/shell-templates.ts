import type { ReasonTemplate } from './reason-template';

/**
 * The rarer policy reasons: web addresses (main/core/policy/decide-url.ts, rules/match-url.ts), paths and
 * patterns the policy refuses to read (decide-path.ts, decide.ts), and why a shell command needs a person
 * (shell/analyze.ts, walk.ts, wrappers.ts, git.ts).
 */
export const SHELL_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^(.+) is (a .+); only an explicit WebFetch\(domain:\1\) rule allows it$/, key: 'reasons.internalHost', vars: ['host', 'what'], nested: ['what'] },
  { pattern: /^a cloud metadata address$/, key: 'reasons.cloudMetadata', vars: [] },
  { pattern: /^a local or internal host name$/, key: 'reasons.localHostName', vars: [] },
  { pattern: /^a (\S+) address$/, key: 'reasons.rangeAddress', vars: ['range'] },
  { pattern: /^"(.+)" is not a valid URL$/s, key: 'reasons.invalidUrl', vars: ['url'] },
  { pattern: /^only http and https URLs can be fetched \(got (.+)\)$/, key: 'reasons.onlyHttp', vars: ['protocol'] },
  { pattern: /^"(.+)" has no host$/s, key: 'reasons.noHost', vars: ['url'] },
  { pattern: /^the command contains a NUL byte$/, key: 'reasons.commandNul', vars: [] },
  { pattern: /^the pattern contains a NUL byte$/, key: 'reasons.patternNul', vars: [] },
  { pattern: /^the path (".*") contains a NUL byte$/s, key: 'reasons.pathNul', vars: ['path'] },
  { pattern: /^the path is empty$/, key: 'reasons.pathEmpty', vars: [] },
  { pattern: /^the path (".*") has invisible or bidi control characters$/s, key: 'reasons.pathInvisible', vars: ['path'] },
  { pattern: /^nothing to decide$/, key: 'reasons.nothingToDecide', vars: [] },
  { pattern: /^the glob filter reaches outside the searched folder$/, key: 'reasons.globOutside', vars: [] },
  { pattern: /^the pattern climbs out of its folder after a wildcard$/, key: 'reasons.patternClimbs', vars: [] },
  { pattern: /^commands are nested too deeply to check$/, key: 'reasons.nestedTooDeep', vars: [] },
  { pattern: /^the command could not be parsed as bash$/, key: 'reasons.notParsedBash', vars: [] },
  { pattern: /^the command could not be parsed$/, key: 'reasons.notParsed', vars: [] },
  { pattern: /^the command is incomplete \(missing (.+)\)$/, key: 'reasons.incomplete', vars: ['what'] },
  { pattern: /^a line continuation \(backslash-newline\) cannot be checked: (.+)$/s, key: 'reasons.continuation', vars: ['why'], nested: ['why'] },
  { pattern: /^bash may read the command differently$/, key: 'reasons.bashReadsDifferently', vars: [] },
  { pattern: /^the command is longer than (\d+) characters$/, key: 'reasons.tooLong', vars: ['max'] },
  { pattern: /^the command has more than (\d+) parts$/, key: 'reasons.tooManyParts', vars: ['max'] },
  { pattern: /^the command has too many parts to check$/, key: 'reasons.tooManyToCheck', vars: [] },
  { pattern: /^(.+) runs code that is only known at run time$/, key: 'reasons.runtimeCode', vars: ['what'] },
  { pattern: /^a shell reads a here-document with expansions$/, key: 'reasons.hereDoc', vars: [] },
  { pattern: /^setting (\S+) can change what later commands run$/, key: 'reasons.settingChangesLater', vars: ['name'] },
  { pattern: /^setting (\S+) can change what the command runs$/, key: 'reasons.settingChangesCommand', vars: ['name'] },
  { pattern: /^(\S+) (\S+) can change what later commands run$/, key: 'reasons.keywordChangesLater', vars: ['keyword', 'name'] },
  { pattern: /^the command name (.+) is only known at run time$/, key: 'reasons.nameRuntime', vars: ['word'] },
  { pattern: /^the command name (.+) is a file pattern$/, key: 'reasons.nameGlob', vars: ['word'] },
  { pattern: /^a wrapped command name is only known at run time$/, key: 'reasons.wrappedRuntime', vars: [] },
  { pattern: /^(\S+) reads commands from its input$/, key: 'reasons.readsInput', vars: ['program'] },
  { pattern: /^cannot tell what the shell runs$/, key: 'reasons.shellUnknown', vars: [] },
  { pattern: /^cannot tell what (\S+) runs$/, key: 'reasons.cannotTellWhat', vars: ['name'] },
  { pattern: /^shell -c without code$/, key: 'reasons.shellNoCode', vars: [] },
  { pattern: /^(\S+) -(\S+) has no argument$/, key: 'reasons.noArgument', vars: ['name', 'opt'] },
  { pattern: /^(\S+) sets a variable whose name is only known at run time$/, key: 'reasons.variableNameRuntime', vars: ['program'] },
  { pattern: /^(\S+) names a variable only known at run time$/, key: 'reasons.keywordRuntime', vars: ['keyword'] },
  { pattern: /^git runs in a folder only known at run time, maybe another repository$/, key: 'reasons.gitRuntimeFolder', vars: [] },
  { pattern: /^git runs in (.+), outside the workspace \(another repository\)$/, key: 'reasons.gitOutside', vars: ['cwd'] },
  // A command part with what it needs a person for: "`make`: setting PATH can change what the command runs".
  { pattern: /^(`[^`\n]*`): (.+)$/s, key: 'reasons.commandSays', vars: ['command', 'why'], nested: ['why'] },
];
