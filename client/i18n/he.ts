import { LIMITS } from '../../shared/limits';

/**
 * Every Hebrew string the client shows, in one place (docs/product.md §1, §2, §5, §6, §8). Validation messages
 * live in shared/validation-messages.ts and error texts in shared/errors.ts: the server answers with
 * the same ones.
 */
export const he = {
  siteName: 'קהילה',
  // The meta description of pages that have none of their own, when the site settings give none.
  siteDescription: 'פורום דיונים בעברית',
  skipToContent: 'דילוג לתוכן',
  home: 'דף הבית',
  login: 'התחברות',
  register: 'הרשמה',
  logout: 'התנתקות',
  userMenu: 'תפריט משתמש',
  darkMode: 'מצב כהה',
  editProfile: 'עריכת פרופיל',
  messageReports: 'דיווחים על הודעות',
  adminForums: 'ניהול פורומים',
  adminSite: 'הגדרות האתר',
  adminMembers: 'ניהול משתמשים',
  moderationLogLink: 'יומן פעולות ניהול',
  forums: 'פורומים',
  forumsNav: 'ניווט בין הפורומים',
  breadcrumbs: 'פירורי לחם',
  loginRequired: 'כדי להיכנס לעמוד זה יש להתחבר לאתר',
  // Shown by the route guard on every page (he-admin.ts loads only with the admin screens).
  adminsOnly: 'לעמוד זה נכנסים רק מנהלי האתר',
  tokenInvalid: 'פג תוקף ההתחברות, יש להתחבר מחדש',
  loading: 'טוען…',
  // Home and lists
  topPosts: 'נושאים מובילים',
  slide: (index: number, count: number) => `נושא ${index} מתוך ${count}`,
  goToSlide: (index: number) => `מעבר לנושא ${index}`,
  previousSlide: 'הנושא הקודם',
  nextSlide: 'הנושא הבא',
  pauseSlider: 'עצירת ההחלפה האוטומטית',
  playSlider: 'הפעלת ההחלפה האוטומטית',
  allPosts: 'כל הנושאים',
  latestPosts: 'נושאים אחרונים',
  showEarlierPosts: 'הצגת נושאים מוקדמים יותר...',
  noPosts: 'אין עדיין נושאים כאן',
  replies: (count: number) => (count === 1 ? 'תגובה אחת' : `${count} תגובות`),
  /** The member's topics with messages they have not seen (/unread). */
  unreadPage: {
    title: 'חדש בנושאים שקראתי',
    empty: 'אין הודעות חדשות בנושאים שקראת',
    markAll: 'סימון הכל כנקרא',
    allRead: 'כל הנושאים סומנו כנקראים',
  },
  /** Messages of a listed topic the member has not seen (counted up to the cap), a link to the first. */
  unread: {
    badge: (count: number) =>
      count >= LIMITS.unreadCountCap
        ? `${LIMITS.unreadCountCap - 1}+ חדשות`
        : count === 1
          ? '1 חדשה'
          : `${count} חדשות`,
    /** Read after the count (its accessible name starts with what it shows). */
    where: 'מאז הקריאה האחרונה: מעבר לראשונה',
    /** On a message the member had not seen before this visit. */
    newMessage: 'חדשה',
  },
  // Topic
  showEarlierMessages: 'הצגת הודעות מוקדמות יותר...',
  /** Replies that arrived live while the reader was further up (a button that shows them). */
  newMessages: (count: number) => (count === 1 ? 'הודעה חדשה אחת' : `${count} הודעות חדשות`),
  /** Topics that arrived live above a list (a banner that inserts them). */
  newTopics: (count: number) => (count === 1 ? 'נושא חדש אחד - הצגה' : `${count} נושאים חדשים - הצגה`),
  likes: (count: number) => (count === 1 ? 'לייק אחד' : `${count} לייקים`),
  recommendations: 'אולי יעניין אותך גם',
  unknownUser: 'משתמש',
  newReplyBy: (username: string) => `תגובה חדשה מאת ${username}`,
  messagesOf: (subject: string) => `הודעות בנושא ${subject}`,
  // Failure panel (docs/product.md §8)
  failureTitle: 'משהו לא עבד',
  failureText: 'כדאי לנסות שוב מאוחר יותר',
  retry: 'ניסיון חוזר',
  // Not found
  notFoundTitle: 'העמוד לא נמצא',
  notFoundText: 'ייתכן שהקישור שגוי או שהתוכן נמחק.',
  backHome: 'חזרה לדף הבית',
  // Footer (docs/product.md §1)
  footerForums: 'פורומים',
  footerMore: 'עוד באתר',
  socialPage: 'העמוד שלנו ברשתות החברתיות',
  terms: 'תנאי השימוש',
  archive: 'ארכיון',
  licence: 'התוכן באתר מוגש לפי רישיון',
  licenceName: 'ייחוס-שיתוף זהה 3.0 לא מותאם',
  /** Shown after the licence name, never broken across lines. */
  licenceCode: '(CC BY-SA 3.0)',
  // Policy
  policyTitle: 'תנאי השימוש באתר',
  policyUpdated: 'עדכון אחרון: 09/11/2014',

  common: {
    close: 'סגירה',
    save: 'שמירה',
    cancel: 'ביטול',
    clickToRetry: 'לחצו כאן כדי לנסות שוב',
  },
  guards: {
    writeRequiresLogin: 'רוצים לכתוב? יש להתחבר קודם',
    likeRequiresLogin: 'רוצים לעשות לייק? יש להתחבר קודם',
    searchRequiresLogin: 'יש להתחבר לאתר כדי לבצע חיפוש',
  },
  writer: {
    label: 'עורך ההודעה',
    bold: 'מודגש',
    italic: 'נטוי',
    underline: 'קו תחתון',
    code: 'קוד',
    quote: 'ציטוט',
    link: 'קישור',
    image: 'תמונה',
    emoji: 'סמיילים',
    linkUrl: 'כתובת הקישור',
    imageUrl: 'כתובת התמונה',
    insert: 'הוספה',
    removeLink: 'הסרת קישור',
    reply: 'שליחת תגובה',
    newTopic: 'פתיחת נושא חדש',
    subject: 'נושא',
    subjectPlaceholder: 'נושא ההודעה',
    placeholder: 'כתבו כאן…',
    failureTitle: 'אירעה שגיאה',
    failureHint: 'כדאי לנסות שוב מאוחר יותר',
    loadingEditor: 'טוען את העורך…',
  },
  actions: {
    // An admin's link in the topic page's action bar: here, so the topic page needs no he-admin.ts.
    suspendAuthor: 'השעיית הכותב',
    like: 'אהבתי',
    unlike: 'ביטול אהבתי',
    report: 'דיווח',
    quote: 'ציטוט בתגובה',
    edit: 'עריכה',
    delete: 'מחיקה',
    move: 'העברת נושא',
    editSubject: 'עריכת נושא',
    refreshImage: 'רענון תמונה',
    deleteTopic: 'מחיקת נושא',
    moved: 'הנושא הועבר בהצלחה',
    subjectSaved: 'הנושא נשמר בהצלחה',
    moveTo: 'העברה לפורום',
    confirmMove: 'העברה',
    reportReason: 'סיבת הדיווח',
    reportEmail: 'האימייל שלך',
    reportSend: 'שליחת דיווח',
    reported: 'הדיווח נשלח, תודה!',
  },
  /** The boxes that ask before they act: title, question, button and the result. */
  searchBox: {
    label: 'חיפוש',
    placeholder: 'חיפוש באתר…',
    submit: 'חיפוש',
    breadcrumb: (query: string) => `חיפוש: ${query}`,
    empty: 'לא נמצאו תוצאות חיפוש',
    more: 'הצגת תוצאות חיפוש נוספות...',
    title: (query: string) => `חיפוש: ${query}`,
  },
  topicAt: {
    newer: 'הצגת הודעות חדשות יותר...',
  },
  mentions: {
    suggestions: 'משתמשים להזכרה',
  },
} as const;
