/** Settings of the language model; their own module, so the providers need not import the factory that picks them. */

/** Which model writes answers. `builtin` needs none. */
export type LlmSettings =
  | { provider: 'builtin' }
  | {
      provider: 'openai' | 'anthropic';
      /** OpenAI-compatible: up to `/v1` (OpenAI, Azure OpenAI deployment URL, Ollama, vLLM, llama.cpp server) */
      baseUrl: string;
      apiKey: string | null;
      model: string;
      /** the longest wait for the first byte of a response, and between two pieces of a streamed one */
      timeoutMs: number;
    };

export type ModelSettings = Exclude<LlmSettings, { provider: 'builtin' }>;
