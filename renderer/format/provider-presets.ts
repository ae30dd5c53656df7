/** Provider presets offered by the setup view; local ones need no key. Their names are catalog messages (setup.preset.<id>). */
export interface ProviderPreset {
  id: 'openai' | 'openrouter' | 'ollama' | 'lmstudio' | 'vllm' | 'deepseek';
  baseURL: string;
  keyEnv: string | null;
  local: boolean;
}

export const PRESETS: readonly ProviderPreset[] = [
  { id: 'ollama', baseURL: 'http://127.0.0.1:11434/v1', keyEnv: null, local: true },
  { id: 'lmstudio', baseURL: 'http://127.0.0.1:1234/v1', keyEnv: null, local: true },
  { id: 'vllm', baseURL: 'http://127.0.0.1:8000/v1', keyEnv: null, local: true },
  { id: 'openai', baseURL: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY', local: false },
  { id: 'openrouter', baseURL: 'https://openrouter.ai/api/v1', keyEnv: 'OPENROUTER_API_KEY', local: false },
  { id: 'deepseek', baseURL: 'https://api.deepseek.com/v1', keyEnv: 'DEEPSEEK_API_KEY', local: false },
];
