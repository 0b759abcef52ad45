import { z } from 'zod';
import { ConfigError, type ConfigIssue } from './config-error.js';
import { SECRET_VARIABLES } from './variables.js';

/** Unset and blank variables are the same thing: `CMS_URL=` in a .env file means "no CMS". */
const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' ? value.trim() || undefined : value);

/** A variable with a default: `parse` returns null for an invalid value, reported as `expected`. */
export function variable<T>(expected: string, parse: (value: string) => T | null, fallback: T) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx): T => {
        if (value === undefined) return fallback;
        const parsed = parse(value);
        if (parsed === null) {
          ctx.addIssue(expected);
          return z.NEVER;
        }
        return parsed;
      }),
  );
}

/** One `ConfigError` naming every invalid variable, what it expects and what it got (a secret's value never: `"…"`). */
export function configError(error: z.ZodError, env: Record<string, string | undefined>): ConfigError {
  const issues: ConfigIssue[] = error.issues.map((issue) => {
    const key = String(issue.path[0]);
    const raw = env[key];
    return { key, expected: issue.message, received: raw === undefined ? undefined : SECRET_VARIABLES.has(key) ? '"…"' : JSON.stringify(raw) };
  });
  return new ConfigError(issues);
}
