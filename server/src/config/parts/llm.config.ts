import type { LlmSettings } from '../../integrations/llm/llm.js';
import { defineConfigPart } from '../config-part.js';

/**
 * Who writes answers to questions: the built-in answerer (no model needed), or a language model. The type is the
 * model adapter's own settings, declared once there.
 */
export type LlmConfig = LlmSettings;

const LLM_PROVIDERS = ['builtin', 'openai', 'anthropic'] as const;
const LLM_DEFAULT_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' };

export const llmConfig = defineConfigPart({
  variables: [
    {
      name: 'LLM_PROVIDER',
      default: '`builtin`',
      description:
        'who writes answers: `builtin` (no model needed), `openai` (any OpenAI-compatible chat-completions ' +
        'endpoint: OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp server) or `anthropic` (Messages API); with a ' +
        'model, documents whose classification is unsure in a field are also shown to it, and its answer is taken ' +
        'only when it names a valid code',
    },
    {
      name: 'LLM_BASE_URL',
      default: '`https://api.openai.com/v1` or `https://api.anthropic.com`',
      description:
        'the model endpoint; for OpenAI-compatible servers up to `/v1` (`http://localhost:11434/v1` for ' +
        'Ollama); an Azure OpenAI deployment URL sends the key as `api-key`',
    },
    {
      name: 'LLM_API_KEY',
      default: 'unset',
      description:
        "the provider's key; required for OpenAI, Azure and Anthropic, optional for local servers; never logged " +
        'or echoed',
    },
    {
      name: 'LLM_MODEL',
      default: 'unset',
      description: 'model (or Azure deployment) name; required with `openai` and `anthropic`',
    },
    {
      name: 'LLM_TIMEOUT_MS',
      default: '`60000`',
      description:
        'longest silence from the model: before its first byte and between two pieces of its stream (then 504, ' +
        'or an `error` event)',
    },
  ],
  read(env): { llm: LlmConfig } {
    const raw = (env.string('LLM_PROVIDER') ?? 'builtin').toLowerCase();
    const timeoutMs = env.int('LLM_TIMEOUT_MS', { default: 60_000, min: 1000, max: 600_000 });
    if (!(LLM_PROVIDERS as readonly string[]).includes(raw)) {
      env.problem('LLM_PROVIDER', `must be one of ${LLM_PROVIDERS.join(', ')}`);
      return { llm: { provider: 'builtin' } };
    }
    const provider = raw as (typeof LLM_PROVIDERS)[number];
    if (provider === 'builtin') return { llm: { provider } };
    const baseUrl = (env.url('LLM_BASE_URL', ['http:', 'https:']) ?? LLM_DEFAULT_URLS[provider]).replace(/\/+$/, '');
    // never echoed in a message: it is a secret
    const apiKey = env.string('LLM_API_KEY') ?? null;
    const model = env.string('LLM_MODEL');
    if (!model) env.problem('LLM_MODEL', `is required when LLM_PROVIDER is ${provider}`);
    const hosted = /(^|\.)(openai\.com|anthropic\.com|azure\.com)$/i.test(hostOf(baseUrl));
    if (!apiKey && hosted) env.problem('LLM_API_KEY', `is required for ${hostOf(baseUrl)}`);
    return { llm: { provider, baseUrl, apiKey, model: model ?? '', timeoutMs } };
  },
});

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
