/** The requests that are rate limited, and what each is counted by. */
export const RATE_LIMITED_ACTIONS = ['login', 'register', 'forgotPassword', 'report'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export type RateLimitScope = 'ip' | 'email';
export type RateLimitRuleName = `${RateLimitedAction}.${RateLimitScope}`;

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}
export type RateLimitRules = Readonly<Record<RateLimitRuleName, RateLimitRule>>;

const MINUTE = 60_000;

/**
 * Per IP the limits leave room for a household or an office behind one address; per email they
 * stop guessing one account's password and flooding one mailbox.
 */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  'login.ip': { limit: 30, windowMs: 15 * MINUTE },
  'login.email': { limit: 10, windowMs: 15 * MINUTE },
  'register.ip': { limit: 10, windowMs: 60 * MINUTE },
  'register.email': { limit: 5, windowMs: 60 * MINUTE },
  'forgotPassword.ip': { limit: 10, windowMs: 60 * MINUTE },
  'forgotPassword.email': { limit: 5, windowMs: 60 * MINUTE },
  'report.ip': { limit: 20, windowMs: 60 * MINUTE },
  'report.email': { limit: 10, windowMs: 60 * MINUTE },
};

const RULE_NAMES = new Set<string>(Object.keys(DEFAULT_RATE_LIMITS));
const ENTRY = /^([a-zA-Z]+\.(?:ip|email))=(\d+)\/(\d+)$/;

/**
 * Reads the RATE_LIMITS setting, `name=limit/windowSeconds` pairs separated by commas
 * (`login.ip=3/60,login.email=2/60`), over the defaults. Throws one line naming the bad entry.
 */
export function parseRateLimits(text: string | undefined): RateLimitRules {
  const rules: Record<string, RateLimitRule> = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    const [, name, limit, seconds] = match ?? [];
    if (!name || !limit || !seconds || !RULE_NAMES.has(name) || Number(limit) < 1 || Number(seconds) < 1) {
      throw new Error(
        `bad entry "${entry}": expected name=limit/windowSeconds with name one of ${[...RULE_NAMES].join(', ')}`,
      );
    }
    rules[name] = { limit: Number(limit), windowMs: Number(seconds) * 1000 };
  }
  return rules as RateLimitRules;
}
