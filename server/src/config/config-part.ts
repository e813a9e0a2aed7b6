/**
 * The shape of one part of the configuration: the variables it reads, each with its default and meaning as the
 * README's configuration table shows them (test/config checks the table against these), and a pure function that
 * reads them. A feature that needs settings adds one part file and one line in config.ts.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ConfigProblem {
  variable: string;
  message: string;
}

export interface VariableDoc {
  name: string;
  /** the default as the README shows it (Markdown) */
  default: string;
  /** what it does, as the README shows it (Markdown) */
  description: string;
  /** how the README's first column shows it, when not as `NAME` (a group of variables) */
  display?: string;
  /** the other variables of such a group */
  also?: readonly string[];
  /** set when a library reads it, not loadConfig (the AWS SDK reads its credentials itself) */
  readBy?: string;
}

/** What every part may know besides the environment. */
export interface ConfigContext {
  cwd: string;
  /** the data folder, absolute: parts that keep files there default to a folder under it */
  dataDir: string;
}

export interface ConfigPart<T extends object> {
  variables: readonly VariableDoc[];
  /** never throws: problems are collected on the reader, so one start names every bad variable */
  read(env: EnvReader, context: ConfigContext): T;
}

export function defineConfigPart<T extends object>(part: ConfigPart<T>): ConfigPart<T> {
  return part;
}

/** Reads and checks variables, collecting problems instead of stopping at the first, and noting what it read. */
export class EnvReader {
  readonly problems: ConfigProblem[] = [];
  /** every variable looked at, so a test can check each is documented */
  readonly read = new Set<string>();

  constructor(private readonly env: Env) {}

  problem(variable: string, message: string): void {
    this.problems.push({ variable, message });
  }

  string(variable: string): string | undefined {
    this.read.add(variable);
    const value = this.env[variable];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  int(variable: string, spec: { default: number; min: number; max: number }): number {
    const raw = this.string(variable);
    if (raw === undefined) return spec.default;
    if (!/^\d+$/.test(raw)) {
      this.problem(variable, `must be a whole number, got "${raw}"`);
      return spec.default;
    }
    const value = Number(raw);
    if (value < spec.min || value > spec.max) {
      this.problem(variable, `must be between ${spec.min} and ${spec.max}, got ${value}`);
      return spec.default;
    }
    return value;
  }

  boolean(variable: string, fallback: boolean): boolean {
    const raw = this.string(variable)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problem(variable, `must be true or false, got "${raw}"`);
    return fallback;
  }

  url(variable: string, protocols: string[]): string | undefined {
    const raw = this.string(variable);
    if (raw === undefined) return undefined;
    try {
      const url = new URL(raw);
      if (!protocols.includes(url.protocol)) {
        this.problem(variable, `must be a ${protocols.join(' or ')} URL`);
        return undefined;
      }
      return raw;
    } catch {
      // never echo the value: a database or Redis URL may hold a password
      this.problem(variable, 'is not a valid URL');
      return undefined;
    }
  }

  oneOf<const V extends string>(variable: string, values: readonly V[], fallback: V): V {
    const raw = this.string(variable);
    if (raw === undefined) return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as V;
    this.problem(variable, `must be one of ${values.join(', ')}`);
    return fallback;
  }

  /** a shared secret: at least `minLength` characters, never echoed */
  secret(variable: string, minLength: number): string | null {
    const value = this.string(variable) ?? null;
    if (value !== null && value.length < minLength) {
      this.problem(variable, `must be at least ${minLength} characters long`);
    }
    return value;
  }
}
