/** The requests that are rate limited, and what each is counted by. */
export const RATE_LIMITED_ACTIONS = ['login', 'register', 'forgotPassword', 'report'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export type RateLimitScope = 'ip' | 'email';

/**
 * Writes by logged-in users, counted per user and per address; `newUser` is a tighter count for an
 * account in its first hour (spam accounts post at once). `link` counts messages holding a link.
 */
export const WRITE_ACTIONS = ['topic', 'reply', 'edit', 'like'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];
export type WriteRuleName = `${WriteAction}.${'user' | 'ip'}` | 'topic.newUser' | 'link.newUser';

export type RateLimitRuleName = `${RateLimitedAction}.${RateLimitScope}` | WriteRuleName;

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
  // Writing: a busy member in a lively thread stays well under these; a script does not.
  'topic.user': { limit: 10, windowMs: 60 * MINUTE },
  'topic.ip': { limit: 30, windowMs: 60 * MINUTE },
  'reply.user': { limit: 30, windowMs: 10 * MINUTE },
  'reply.ip': { limit: 100, windowMs: 10 * MINUTE },
  'edit.user': { limit: 30, windowMs: 10 * MINUTE },
  'edit.ip': { limit: 100, windowMs: 10 * MINUTE },
  'like.user': { limit: 120, windowMs: 10 * MINUTE },
  'like.ip': { limit: 400, windowMs: 10 * MINUTE },
  'topic.newUser': { limit: 2, windowMs: 60 * MINUTE },
  'link.newUser': { limit: 3, windowMs: 60 * MINUTE },
};

/**
 * A RATE_LIMITS value that lifts every write limit, for the test suites, the end-to-end server and
 * the benchmark, which write far faster than people do from one address.
 */
export const UNLIMITED_WRITES = (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitRuleName[])
  .filter((name) => /^(topic|reply|edit|like|link)\./.test(name))
  .map((name) => `${name}=1000000/60`)
  .join(',');

/** How long an account counts as new: its first hour. */
export const NEW_ACCOUNT_MS = 60 * MINUTE;

const RULE_NAMES = new Set<string>(Object.keys(DEFAULT_RATE_LIMITS));
const ENTRY = /^([a-zA-Z]+\.(?:ip|email|user|newUser))=(\d+)\/(\d+)$/;

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
