import { COMMON_PASSWORDS } from './data/common-passwords.generated.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** what can be wrong with a new password; the pages and the API say each in words */
export type PasswordProblem = 'too_short' | 'too_long' | 'is_email' | 'too_common' | 'not_repeated';

let common: Set<string> | undefined;

function isCommon(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(password.toLowerCase());
}

/**
 * A new password: at least PASSWORD_MIN_LENGTH characters (counted as a person counts them, so "blåbærsyltetøy" is 14),
 * not the person's e-mail or the part before its @, not among the 10,000 most common passwords, and typed the same
 * twice when it was asked for twice. Every problem found, in a stable order; none when it will do.
 */
export function passwordProblems(params: {
  password: string;
  email: string;
  /** the second typing, when the page asked twice */
  repeated?: string | undefined;
}): PasswordProblem[] {
  const { password } = params;
  const length = [...password.normalize('NFC')].length;
  const email = params.email.trim().toLowerCase();
  const lower = password.trim().toLowerCase();
  const problems: PasswordProblem[] = [];
  if (length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  if (email && (lower === email || lower === email.split('@')[0])) problems.push('is_email');
  if (isCommon(password)) problems.push('too_common');
  if (params.repeated !== undefined && params.repeated !== password) problems.push('not_repeated');
  return problems;
}

/** the English words of each problem, for the API's field errors (the pages have their own, in two languages) */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  too_short: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  too_long: `must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  is_email: 'must not be your e-mail address',
  too_common: 'is one of the 10,000 most common passwords; choose one that is harder to guess',
  not_repeated: 'the two passwords are not the same',
};

/** the rules a refusal named, read back from its field errors (the pages say them in the reader's language) */
export function passwordProblemsOf(fields: readonly { message: string }[] | undefined): PasswordProblem[] {
  const entries = Object.entries(PASSWORD_PROBLEM_TEXT) as [PasswordProblem, string][];
  return (fields ?? []).flatMap((field) =>
    entries.filter(([, text]) => text === field.message).map(([problem]) => problem),
  );
}
