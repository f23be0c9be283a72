/**
 * The Hebrew strings of what opens on demand (the header panel's forms, confirm boxes, reports,
 * notifications, profile and activation screens). They live apart from he.ts, which every page
 * loads first, so a reader's first download does not carry them; the code that shows them loads
 * later and brings them along.
 */
export const heForms = {
  panel: {
    label: 'התחברות והרשמה',
    email: 'אימייל',
    password: 'סיסמה',
    username: 'שם משתמש',
    birthdate: 'תאריך לידה',
    login: 'התחברות',
    register: 'הרשמה',
    forgotPasswordLink: 'שכחת סיסמה?',
    forgotPasswordSubmit: 'שכחתי סיסמה',
    toRegister: 'עדיין אין לך חשבון? להרשמה',
    toLogin: 'כבר רשומים? להתחברות',
    greeting: (username: string) => `שלום ${username}, התחברת בהצלחה!`,
    termsLink: 'תנאי השימוש באתר',
    policyLabelBefore: 'קראתי ואני מסכים/ה ל',
    registerFinished:
      'נשלח אליך אימייל עם קישור. יש ללחוץ עליו כדי להשלים את ההרשמה; עד אז החשבון אינו פעיל.',
    forgotFinished: 'כדי לאפס את הסיסמה יש ללחוץ על הקישור שקיבלת באימייל',
  },
  confirmBoxes: {
    deleteMessage: {
      title: 'מחיקה',
      question: 'למחוק את ההודעה?',
      confirmLabel: 'מחיקה',
      finished: 'ההודעה נמחקה',
    },
    deleteTopic: {
      title: 'מחיקת נושא',
      question: 'למחוק את הנושא ואת כל ההודעות שבו?',
      confirmLabel: 'מחיקה',
      finished: 'ההודעה נמחקה',
    },
    refreshImage: {
      title: 'רענון תמונה',
      question: 'ליצור מחדש את תמונת הנושא?',
      confirmLabel: 'רענון',
      finished: 'התמונה רועננה בהצלחה',
    },
  },
  notificationPreferences: {
    title: 'התראות במייל',
    intro: 'מתי לשלוח לך מייל על מה שקורה בפורום',
    categories: {
      replies: 'תגובות לנושאים שלי וציטוטים של הודעותיי',
      mentions: 'אזכורים של שם המשתמש שלי',
      likes: 'לייקים להודעות שלי',
      moderation: 'פעולות מנהלים על הנושאים וההודעות שלי',
    },
    deliveries: { immediate: 'מיד', digest: 'סיכום יומי', never: 'אף פעם' },
    saved: 'העדפות ההתראות נשמרו',
  },
  notifications: {
    title: 'התראות',
    bell: (count: number) =>
      count === 0
        ? 'התראות, אין התראות חדשות'
        : count === 1
          ? 'התראות, התראה חדשה אחת'
          : `התראות, ${count} התראות חדשות`,
    markAllRead: 'סמן הכול כנקרא',
    list: 'רשימת ההתראות',
    more: 'הצגת התראות קודמות...',
    empty: 'אין התראות עדיין',
    unread: 'חדשה',
    gone: 'התוכן נמחק',
    close: 'סגירת ההתראות',
  },
  reports: {
    title: 'דיווחים על הודעות',
    empty: 'אין דיווחים פתוחים',
    reason: 'סיבת הדיווח',
    message: 'ההודעה',
    deletedMessage: '- ההודעה נמחקה -',
    close: 'סגירת הדיווח',
    closeAndDelete: 'סגירה ומחיקת ההודעה',
    more: 'הצגת דיווחים קודמים...',
    toTopic: 'מעבר לנושא',
  },
  profile: {
    title: 'עריכת פרופיל',
    password: 'שינוי סיסמה',
    email: 'שינוי אימייל',
    birthdate: 'שינוי תאריך לידה',
    newPassword: 'סיסמה חדשה',
    newEmail: 'אימייל חדש',
    newBirthdate: 'תאריך לידה',
    saved: 'הנתונים נשמרו בהצלחה',
  },
  resetPassword: {
    title: 'בחירת סיסמה חדשה',
    verifying: 'מוודא שהקישור תקין',
    choose: 'בחרו סיסמה חדשה',
    saved: 'הסיסמה נשמרה בהצלחה, אפשר להתחבר עכשיו עם הסיסמה החדשה',
  },
  picker: {
    open: 'בחירת תאריך לידה',
    chooseYear: 'בחירת שנה',
    previousYears: '25 השנים הקודמות',
    nextYears: '25 השנים הבאות',
  },
  activation: {
    title: 'הפעלת החשבון',
    activating: 'מפעיל את החשבון',
    activated: 'החשבון הופעל בהצלחה',
  },
} as const;
