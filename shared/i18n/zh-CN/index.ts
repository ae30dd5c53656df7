import type { CatalogLike } from '../catalog-types';
import type { en } from '../en';
import { app } from './app';
import { approval } from './approval';
import { budget } from './budget';
import { changes } from './changes';
import { cli } from './cli';
import { commands } from './commands';
import { common } from './common';
import { compose } from './compose';
import { config } from './config';
import { conflict } from './conflict';
import { context } from './context';
import { gateways } from './gateways';
import { log } from './log';
import { mcp } from './mcp';
import { mode } from './mode';
import { palette } from './palette';
import { permissions } from './permissions';
import { policy } from './policy';
import { reasons } from './reasons';
import { sessions } from './sessions';
import { settings } from './settings';
import { setup } from './setup';
import { status } from './status';
import { transcript } from './transcript';

/** 简体中文: the same keys as the English catalog (checked by the compiler and tests/i18n/catalogs.test.ts). */
export const zhCN: CatalogLike<typeof en> = { app, approval, budget, changes, cli, commands, common, compose, config, conflict, context, gateways, log, mcp, mode, palette, permissions, policy, reasons, sessions, settings, setup, status, transcript };
