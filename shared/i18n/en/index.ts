import { common } from './common';
import { settings } from './settings';
import { status } from './status';

/**
 * The English catalog: the reference. Its texts are the panel's accessible names, which tests and assistive
 * technology rely on, so an English text changes only when the UI means to change.
 * One file per area; add an area by adding a file here and its twin in ../zh-CN/.
 */
export const en = { common, settings, status };
