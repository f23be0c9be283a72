import { EMOJI, emojiPath } from '../shared/emoji';

/** A small, fast, seedable generator (mulberry32): the same seed gives the same dataset. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/**
 * An index in [0, size) where small indexes are far more likely (a Zipf-like power law), the way a
 * few words, users and topics account for most of a real forum's text, posts and replies.
 */
export function skewedIndex(random: Random, size: number, exponent = 2.2): number {
  return Math.min(size - 1, Math.floor(size * random() ** exponent));
}

/**
 * Words of everyday forum Hebrew, most frequent first. `skewedIndex` over this list gives a word
 * frequency curve close enough to real text for search to meet common and rare words.
 */
export const COMMON_WORDS = [
  'של',
  'את',
  'על',
  'זה',
  'לא',
  'עם',
  'כל',
  'גם',
  'אני',
  'יש',
  'אבל',
  'מה',
  'אם',
  'או',
  'הוא',
  'היא',
  'אתה',
  'אנחנו',
  'הם',
  'כמו',
  'רק',
  'עוד',
  'כבר',
  'מאוד',
  'אחרי',
  'לפני',
  'היום',
  'אתמול',
  'מחר',
  'תודה',
  'שלום',
  'בבקשה',
  'פורום',
  'שאלה',
  'תשובה',
  'בעיה',
  'פתרון',
  'רעיון',
  'דעה',
  'חבר',
  'חברים',
  'משפחה',
  'בית',
  'עבודה',
  'לימודים',
  'מחשב',
  'טלפון',
  'תוכנה',
  'קוד',
  'אתר',
  'קישור',
  'תמונה',
  'סרט',
  'סדרה',
  'שיר',
  'אלבום',
  'להקה',
  'משחק',
  'קבוצה',
  'שחקן',
  'מאמן',
  'עונה',
  'ליגה',
  'ניצחון',
  'הפסד',
  'מתכון',
  'עוגה',
  'ארוחה',
  'מסעדה',
  'טיול',
  'מסלול',
  'ים',
  'הר',
  'עיר',
  'כפר',
  'דרך',
  'רכב',
  'אוטובוס',
  'רכבת',
  'זמן',
  'שנה',
  'חודש',
  'שבוע',
  'יום',
  'לילה',
  'בוקר',
  'ערב',
  'שעה',
  'דקה',
  'רגע',
  'מקום',
  'אנשים',
  'ילדים',
  'הורים',
  'מורה',
  'תלמיד',
  'ספר',
  'מילה',
  'שפה',
  'עברית',
  'אנגלית',
  'חדשות',
  'ממשלה',
  'בחירות',
  'כלכלה',
  'מחיר',
  'כסף',
  'שקל',
  'קנייה',
  'מכירה',
  'חנות',
  'מוצר',
  'איכות',
  'שירות',
  'לקוח',
  'טוב',
  'רע',
  'גדול',
  'קטן',
  'חדש',
  'ישן',
  'יפה',
  'מעניין',
  'חשוב',
  'פשוט',
  'קשה',
  'קל',
  'מהיר',
  'איטי',
  'נכון',
  'בדיוק',
  'ממש',
  'אולי',
  'בטוח',
  'כנראה',
  'לגמרי',
  'בערך',
  'תמיד',
  'לפעמים',
  'אף',
  'פעם',
  'חושב',
  'יודע',
  'רוצה',
  'צריך',
  'יכול',
  'אוהב',
  'מבין',
  'מסכים',
  'ממליץ',
  'מנסה',
  'מחפש',
  'מצאתי',
  'קראתי',
  'ראיתי',
  'שמעתי',
  'כתבתי',
  'ניסיתי',
  'הלכתי',
  'עשיתי',
  'אמרתי',
  'שאלתי',
  'עניתי',
  'התקנתי',
  'עדכון',
  'גרסה',
  'שרת',
  'נתונים',
  'טבלה',
  'שגיאה',
  'באג',
  'בדיקה',
  'פרויקט',
  'מערכת',
  'ממשק',
  'מסך',
  'מקלדת',
  'עכבר',
  'אינטרנט',
  'רשת',
  'סיסמה',
  'משתמש',
  'הודעה',
  'נושא',
  'תגובה',
  'דיון',
  'קהילה',
  'ירושלים',
  'תל',
  'אביב',
  'חיפה',
  'באר',
  'שבע',
  'גליל',
  'נגב',
  'כנרת',
  'ירדן',
  'מדבר',
  'חוף',
  'פארק',
  'כדורגל',
  'כדורסל',
  'טניס',
  'ריצה',
  'שחייה',
  'אופניים',
  'גיטרה',
  'פסנתר',
  'תופים',
  'זמר',
  'הופעה',
  'קפה',
  'תה',
  'לחם',
  'גבינה',
  'סלט',
  'חומוס',
  'פלאפל',
  'שקשוקה',
  'פיצה',
  'מרק',
  'אורז',
  'עוף',
  'דג',
  'מבחן',
  'ציון',
  'תואר',
  'אוניברסיטה',
  'מכללה',
  'קורס',
  'שיעור',
  'מרצה',
  'ראיון',
  'משרה',
  'משכורת',
] as const;

/** The first words of COMMON_WORDS are function words (up to `מחר`), which take no prefix here. */
const FUNCTION_WORDS = 29;

/** Prefixes Hebrew writes onto the next word: search must find `בית` inside `והבית`. */
const PREFIXES = ['ה', 'ו', 'ב', 'ל', 'מ', 'ש', 'כ', 'וה', 'וב', 'של', 'מה', 'שה', 'כש', 'לה'] as const;

/** Words written with niqqud now and then: search strips the points, so they match their plain form. */
const POINTED_WORDS = [
  'שָׁלוֹם',
  'תּוֹדָה',
  'בְּרֵאשִׁית',
  'אַהֲבָה',
  'יְלָדִים',
  'סֵפֶר',
  'מַיִם',
  'שָׁמַיִם',
  'לֶחֶם',
  'חָבֵר',
  'בַּיִת',
  'עִבְרִית',
  'מִלָּה',
  'שִׁיר',
  'יָפֶה',
] as const;

/**
 * Words that occur in only a few messages: "rare word" search cost. Each appears in about one
 * message in `RARE_WORD_EVERY`.
 */
export const RARE_WORDS = [
  'קסילופון',
  'פטרוזיליה',
  'אנטיכריסט',
  'זברה',
  'קרנף',
  'טרמפולינה',
  'ספרינקלר',
  'מטרונום',
  'קלידוסקופ',
  'היפופוטם',
  'אוקרינה',
  'פלמינגו',
  'סקסופון',
  'ברומטר',
  'גלקסיה',
  'מנדולינה',
] as const;
export const RARE_WORD_EVERY = 20_000;

/** Latin words that turn up in Hebrew posts about software and music. */
const LATIN_WORDS = [
  'React',
  'Linux',
  'Windows',
  'iPhone',
  'Android',
  'JavaScript',
  'Python',
  'SQL',
  'USB',
  'WiFi',
];

const LINK_HOSTS = ['https://he.wikipedia.org/wiki/', 'https://www.example.co.il/', 'https://github.com/'];

const CODE_SNIPPETS = [
  {
    language: 'js',
    code: 'const total = items.reduce((sum, item) => sum + item.price, 0);\nconsole.log(total);',
  },
  { language: 'python', code: 'for i in range(10):\n    if i % 2 == 0:\n        print(i)' },
  {
    language: 'sql',
    code: 'SELECT id, subject FROM topics WHERE forum_id = 3 ORDER BY timestamp DESC LIMIT 7;',
  },
  { language: 'html', code: '<div dir="rtl">\n  <p>שלום עולם</p>\n</div>' },
  { language: 'bash', code: 'npm install && npm start\ngrep -r "TODO" src/ | wc -l' },
] as const;

/** A rendered piece of a message: its sanitised HTML and the same text as plain text. */
export interface Rendered {
  html: string;
  text: string;
}

/** Escaping as the sanitiser writes it: text escapes & < >, attribute values also the double quote. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** How the plain text reads an emoji image: as the emoji character itself. */
const emojiCharacter = (code: string) =>
  code
    .split('-')
    .map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .join('');

export function word(random: Random): string {
  const roll = random();
  if (roll < 0.02) return pick(random, POINTED_WORDS);
  if (roll < 0.04) return pick(random, LATIN_WORDS);
  const index = skewedIndex(random, COMMON_WORDS.length);
  const base = COMMON_WORDS[index] as string;
  // Prefixes go on content words, not on function words (`של`, `זה`…), as in real Hebrew.
  return index >= FUNCTION_WORDS && random() < 0.3 ? pick(random, PREFIXES) + base : base;
}

/** A sentence of plain words (no markup), e.g. for a subject or a username. */
export function sentence(random: Random, minWords: number, maxWords: number): string {
  const count = minWords + Math.floor(random() * (maxWords - minWords + 1));
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push(word(random));
  return words.join(' ');
}

/** A topic subject: a few words, at most `maxLength` characters, never empty. */
export function subject(random: Random, maxLength: number): string {
  let text = sentence(random, 2, 6);
  if (random() < 0.3) text += '?';
  while (text.length > maxLength) text = text.slice(0, text.lastIndexOf(' '));
  return text;
}

function inline(random: Random, words: number, rare: boolean): Rendered {
  const html: string[] = [];
  const text: string[] = [];
  const rareAt = rare ? Math.floor(random() * words) : -1;
  for (let i = 0; i < words; i += 1) {
    const plain = i === rareAt ? pick(random, RARE_WORDS) : word(random);
    const roll = random();
    if (roll < 0.03) html.push(`<b>${escapeText(plain)}</b>`);
    else if (roll < 0.05) html.push(`<i>${escapeText(plain)}</i>`);
    else if (roll < 0.06) html.push(`<u>${escapeText(plain)}</u>`);
    else if (roll < 0.065) html.push(`<code>${escapeText(plain)}</code>`);
    else html.push(escapeText(plain));
    text.push(plain);
  }
  return { html: html.join(' '), text: text.join(' ') };
}

/**
 * A message body as the sanitiser would have stored it: paragraphs of Hebrew with now and then
 * bold/italic/underline, a quote, a code block, a link, an emoji image or a line break; plus its
 * plain text. Most messages are short; a few run to a couple of thousand characters.
 */
export function messageBody(random: Random, options: { rare: boolean }): Rendered {
  const paragraphs = 1 + skewedIndex(random, 6, 2.5);
  const html: string[] = [];
  const text: string[] = [];
  const rareParagraph = options.rare ? Math.floor(random() * paragraphs) : -1;
  if (random() < 0.08) {
    const quoted = inline(random, 4 + Math.floor(random() * 12), false);
    html.push(`<blockquote>${quoted.html}</blockquote>`);
    text.push(quoted.text);
  }
  for (let p = 0; p < paragraphs; p += 1) {
    const body = inline(random, 4 + skewedIndex(random, 45, 1.6), p === rareParagraph);
    let paragraphHtml = body.html;
    let paragraphText = body.text;
    const roll = random();
    if (roll < 0.04) {
      const slug = pick(random, COMMON_WORDS);
      const href = `${pick(random, LINK_HOSTS)}${encodeURIComponent(slug)}`;
      paragraphHtml += ` <a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer nofollow ugc">${escapeText(slug)}</a>`;
      paragraphText += ` ${slug}`;
    } else if (roll < 0.1) {
      const emoji = pick(random, EMOJI);
      paragraphHtml += ` <img src="${emojiPath(emoji.code)}" alt="${escapeAttribute(emoji.label)}" />`;
      paragraphText += ` ${emojiCharacter(emoji.code)}`;
    } else if (roll < 0.13) {
      const more = inline(random, 3 + Math.floor(random() * 8), false);
      paragraphHtml += `<br />${more.html}`;
      paragraphText += ` ${more.text}`;
    }
    html.push(`<p>${paragraphHtml}</p>`);
    text.push(paragraphText);
  }
  if (random() < 0.03) {
    const snippet = pick(random, CODE_SNIPPETS);
    html.push(`<pre><code class="language-${snippet.language}">${escapeText(snippet.code)}</code></pre>`);
    text.push(snippet.code);
  }
  return { html: html.join(''), text: text.join(' ').replace(/\s+/g, ' ').trim() };
}

const USERNAME_WORDS = [
  'דני',
  'יוסי',
  'מיכל',
  'נועה',
  'אבי',
  'רונית',
  'עומר',
  'תמר',
  'איתי',
  'שירה',
  'גיל',
  'ליאור',
  'מאיה',
  'אורי',
  'הילה',
  'עידו',
  'יעל',
  'רועי',
  'נטע',
  'אלון',
  'כרמל',
  'שקד',
  'אדם',
  'טל',
  'ענבל',
] as const;

/** A unique Hebrew username for user number `n` (1-based), within the 30-character limit. */
export function username(random: Random, n: number): string {
  return `${pick(random, USERNAME_WORDS)}_${n}`;
}

const FORUM_NAMES = [
  ['כללי', '💬'],
  ['חדשות ואקטואליה', '📰'],
  ['מחשבים ותכנות', '💻'],
  ['משחקים', '🎮'],
  ['מוזיקה', '🎵'],
  ['סרטים וסדרות', '🎬'],
  ['ספורט', '⚽'],
  ['בישול ואוכל', '🍳'],
  ['טיולים', '🧭'],
  ['לימודים וקריירה', '🎓'],
  ['רכב ותחבורה', '🚗'],
  ['בריאות וכושר', '🏃'],
  ['הורות ומשפחה', '👪'],
  ['צילום', '📷'],
  ['ספרים', '📚'],
  ['חיות מחמד', '🐾'],
  ['בית וגינה', '🏡'],
  ['כלכלה וכסף', '💰'],
  ['מדע וטבע', '🔬'],
  ['אמנות ועיצוב', '🎨'],
] as const;

/** Forum `n` (1-based): the first twenty have real names, the rest are numbered. */
export function forum(n: number): {
  id: number;
  name: string;
  icon: string;
  position: number;
  description: string;
} {
  const named = FORUM_NAMES[n - 1];
  const [name, icon] = named ?? [`פורום ${n}`, '💬'];
  return { id: n, name, icon, position: n, description: '' };
}

export function reportReason(random: Random): string {
  return pick(random, [
    'הודעה פוגענית כלפי משתמשים אחרים',
    'ספאם ופרסום מסחרי',
    'תוכן שאינו מתאים לפורום הזה',
    'הפרת זכויות יוצרים',
    'מידע אישי של קטין',
  ]);
}
