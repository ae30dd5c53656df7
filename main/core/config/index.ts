export { paragentsHome } from './home';
export { loadConfig, configPath, createConfigFileCache, type ConfigFileCache } from './load';
export { redactConfig } from './redact';
export { saveConfig } from './save';
export type { Env, LoadedConfig } from './types';
export { readTelegramSettings, saveTelegramToken, TELEGRAM_API_ROOT, TELEGRAM_TOKEN_ENV, type TelegramSettings } from './telegram';
export { readLanguage, setLanguage } from './language';
export { addRemote, findRemote, listRemotes, removeRemote } from './remotes';
