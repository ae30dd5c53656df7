import { agents } from './agents';
import { app } from './app';
import { approval } from './approval';
import { budget } from './budget';
import { changes } from './changes';
import { cli } from './cli';
import { cliErrors } from './cliErrors';
import { cliHelp } from './cliHelp';
import { cliInbox } from './cliInbox';
import { cliRemote } from './cliRemote';
import { cliSessions } from './cliSessions';
import { cliTools } from './cliTools';
import { commands } from './commands';
import { common } from './common';
import { compose } from './compose';
import { config } from './config';
import { conflict } from './conflict';
import { context } from './context';
import { craft } from './craft';
import { engineErrors } from './engineErrors';
import { gateway } from './gateway';
import { gateways } from './gateways';
import { hooks } from './hooks';
import { log } from './log';
import { machinePanel } from './machinePanel';
import { machines } from './machines';
import { markdown } from './markdown';
import { mcp } from './mcp';
import { mode } from './mode';
import { notices } from './notices';
import { palette } from './palette';
import { permissions } from './permissions';
import { policy } from './policy';
import { reasons } from './reasons';
import { sandbox } from './sandbox';
import { sessions } from './sessions';
import { settings } from './settings';
import { setup } from './setup';
import { status } from './status';
import { transcript } from './transcript';

/**
 * The English catalog: the reference. Its texts are the panel's accessible names, which tests and assistive
 * technology rely on, so an English text changes only when the UI means to change.
 * One file per area; add an area by adding a file here and its twin in ../zh-CN/.
 */
export const en = { agents, app, approval, budget, changes, cli, cliErrors, cliHelp, cliInbox, cliRemote, cliSessions, cliTools, commands, common, compose, config, conflict, context, craft, engineErrors, gateway, gateways, hooks, log, machinePanel, machines, markdown, mcp, mode, notices, palette, permissions, policy, reasons, sandbox, sessions, settings, setup, status, transcript };
