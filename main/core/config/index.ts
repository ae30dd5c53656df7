export { paragentsHome } from './home';
export { loadConfig, configPath, CONFIG_FILE, createConfigFileCache, type ConfigFileCache } from './load';
export { redactConfig } from './redact';
export { saveConfig } from './save';
export { ENV_PROVIDER, OPENAI_DEFAULT_BASE_URL } from './resolve';
export type { Env, LoadedConfig, ResolvedProvider } from './types';
export { readTelegramSettings, saveTelegramToken, TELEGRAM_API_ROOT, TELEGRAM_TOKEN_ENV, type TelegramSettings } from './telegram';
export { readLanguage, saveLanguage, setLanguage } from './language';
