import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import type { Clock } from '../server/clock';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import type { Database, UserRow } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedForums } from '../server/db/seed-forums';
import { hashPassword } from '../server/modules/accounts/password';
import { actorOf } from '../server/actor';
import { hashToken } from '../server/plugins/auth';
import { insertMessage } from '../server/modules/messages/messages.repository';
import { createReply, toggleMessageLike } from '../server/modules/messages/messages.service';
import { createTopic } from '../server/modules/topics/topics.service';
import type { Kysely } from 'kysely';
import {
  BUSY_FORUM_ID,
  BUSY_FORUM_TOPICS,
  E2E_ADMIN,
  E2E_ADMIN_TOKEN,
  E2E_USER,
  E2E_USER_TOKEN,
  E2E_WRITER,
  LEGACY_TOPIC,
  MARKUP_TOPIC,
  MARKUP_TOPIC_REPLIES,
} from './fixtures';

/** Seeded content starts here and each write is one minute later, so every run is the same. */
const START = Date.UTC(2026, 0, 4, 8, 0, 0);

class SteppingClock implements Clock {
  private time = START;
  now(): number {
    this.time += 60_000;
    return this.time;
  }
}

async function insertUser(
  db: Kysely<Database>,
  account: { username: string; email: string; password: string },
  admin: boolean,
) {
  return db
    .insertInto('users')
    .values({
      username: account.username,
      username_key: account.username.toLowerCase(),
      email: account.email,
      email_key: account.email.toLowerCase(),
      password_hash: await hashPassword(account.password),
      birthdate: '1990-05-17',
      is_admin: admin ? 1 : 0,
      is_active: 1,
      created_at: START,
      activated_at: START,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const paragraph = (text: string) => `<p>${text}</p>`;

function markupMessage(publicUrl: string, imageName: string): string {
  return [
    paragraph('פסקה עם <b>מודגש</b>, <strong>חזק</strong>, <i>נטוי</i>, <em>הדגשה</em> ו<u>קו תחתון</u>.'),
    '<blockquote>ציטוט מהודעה קודמת: כך נראה ציטוט.</blockquote>',
    paragraph('קוד בתוך שורה: <code>npm run build</code>'),
    '<pre><code class="language-typescript">const greeting: string = "shalom";\nfunction add(a: number, b: number): number {\n  return a + b;\n}</code></pre>',
    paragraph('קישור חיצוני: <a href="https://example.com/guide">מדריך לדוגמה</a>'),
    paragraph(`תמונה: <img src="${publicUrl}/api/images/${imageName}" alt="תמונת נושא">`),
    paragraph('אימוג׳י: <img src="/emoji/1f600.svg" alt="חיוך"> <img src="/emoji/1f44d.svg" alt="אהבתי">'),
    paragraph('English inside Hebrew: React ו-TypeScript.'),
    // XSS vectors: the server sanitiser removes them on write.
    '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 1</script>',
    paragraph('<a href="javascript:window.__xss=1">קישור זדוני</a>'),
  ].join('');
}

// Written straight to the table, as an old import might have left it: the client must still render
// it inert (DOMPurify on render), whatever the server's write path would have done.
const LEGACY_UNSAFE_CONTENT = [
  '<p>הודעה ישנה שלא עברה ניקוי.</p>',
  '<img src="x" onerror="window.__xss = 1">',
  '<script>window.__xss = 1</script>',
  '<a href="javascript:window.__xss=1" onclick="window.__xss=1" id="legacy-evil-link">קישור זדוני</a>',
  '<div style="position:fixed;inset:0" onmouseover="window.__xss=1">ריחוף</div>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<svg><script>window.__xss=1</script></svg>',
].join('');

const SUBJECTS = [
  'איך מתחילים ללמוד תכנות?',
  'המלצות על מקלדת מכנית',
  'שאלה על TypeScript וגנריות',
  'מה דעתכם על עבודה מרחוק?',
  'בעיה בהתקנת Node.js',
  'פרויקט קוד פתוח בעברית',
  'איזה מחשב נייד לקנות לסטודנט?',
  'טיפים לראיון עבודה בהייטק',
  'לינוקס או חלונות?',
  'מסד נתונים לאתר קטן',
  'כתיבת בדיקות אוטומטיות',
  'React או Vue לפרויקט חדש',
  'שפת פייתון למתחילים',
  'גיבוי קבצים בענן',
  'אבטחת סיסמאות באתר',
  'עיצוב אתר מימין לשמאל',
  'המלצה על קורס אלגוריתמים',
];

const OTHER_TOPICS: { forumId: number; subject: string }[] = [
  { forumId: 1, subject: 'ברוכים הבאים לפורום!' },
  { forumId: 2, subject: 'סיכום החדשות של השבוע' },
  { forumId: 4, subject: 'המשחק הכי טוב של השנה' },
  { forumId: 5, subject: 'אלבום חדש שכדאי לשמוע' },
  { forumId: 6, subject: 'סדרה מומלצת לסוף השבוע' },
  { forumId: 7, subject: 'מי יזכה באליפות?' },
  { forumId: 8, subject: 'מתכון לשקשוקה מושלמת' },
  { forumId: 10, subject: 'איך בוחרים תחום לימודים?' },
  { forumId: 1, subject: LEGACY_TOPIC },
];

/**
 * A deterministic database for the end-to-end tests, written through the server's own services:
 * 28 topics (17 in one forum, three server pages), a topic with every kind of markup and 18 replies,
 * an unsanitised legacy message, likes, and three accounts (an admin, a user, a writer).
 */
export async function seedE2e(): Promise<void> {
  const config = loadConfig();
  const db = connectDatabase(config.database);
  await migrateToLatest(db);
  await seedForums(db);
  const app: FastifyInstance = await buildApp({
    config,
    db,
    clock: new SteppingClock(),
    logger: false,
    clientDir: '/nonexistent',
  });
  try {
    if (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) return;
    const admin = await insertUser(db, E2E_ADMIN, true);
    const user = await insertUser(db, E2E_USER, false);
    const writer = await insertUser(db, E2E_WRITER, false);
    const authors: UserRow[] = [writer, user, admin];
    const YEAR = 365 * 24 * 60 * 60 * 1000;
    await db
      .insertInto('sessions')
      .values([
        {
          user_id: user.id,
          token_hash: hashToken(E2E_USER_TOKEN),
          created_at: START,
          expires_at: START + 50 * YEAR,
        },
        {
          user_id: admin.id,
          token_hash: hashToken(E2E_ADMIN_TOKEN),
          created_at: START,
          expires_at: START + 50 * YEAR,
        },
      ])
      .execute();

    for (const [index, subject] of SUBJECTS.slice(0, BUSY_FORUM_TOPICS).entries()) {
      const author = authors[index % authors.length] ?? writer;
      const topic = await createTopic(app.deps, actorOf(author), {
        forumId: BUSY_FORUM_ID,
        subject,
        message: paragraph(`${subject} – זו ההודעה הפותחת של הנושא, מספר ${index + 1}.`),
      });
      if (index % 4 === 0) {
        await createReply(app.deps, actorOf(user), {
          topicId: topic.post.id,
          content: paragraph('תודה, מעניין מאוד!'),
        });
      }
    }

    for (const { forumId, subject } of OTHER_TOPICS) {
      const topic = await createTopic(app.deps, actorOf(writer), {
        forumId,
        subject,
        message: paragraph(`${subject} – מה אתם חושבים?`),
      });
      if (subject === LEGACY_TOPIC) {
        await insertMessage(db, {
          topicId: topic.post.id,
          userId: user.id,
          content: LEGACY_UNSAFE_CONTENT,
          contentSearch: 'הודעה ישנה',
          createdAt: START,
        });
      }
    }

    const first = await createTopic(app.deps, actorOf(admin), {
      forumId: 1,
      subject: 'תמונת נושא',
      message: paragraph('נושא עם תמונה'),
    });
    const markup = await createTopic(app.deps, actorOf(admin), {
      forumId: 1,
      subject: MARKUP_TOPIC,
      message: markupMessage(config.publicUrl, first.post.image),
    });
    for (let reply = 1; reply <= MARKUP_TOPIC_REPLIES; reply += 1) {
      const author = authors[reply % authors.length] ?? writer;
      const created = await createReply(app.deps, actorOf(author), {
        topicId: markup.post.id,
        content: paragraph(`תגובה מספר ${reply} לנושא העיצוב.`),
      });
      if (reply === MARKUP_TOPIC_REPLIES) {
        await toggleMessageLike(app.deps, actorOf(user), created.id);
        await toggleMessageLike(app.deps, actorOf(admin), created.id);
      }
    }
    await toggleMessageLike(app.deps, actorOf(user), markup.mainMessage.id);
  } finally {
    await app.close();
    await db.destroy();
  }
}
