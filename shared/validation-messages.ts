/**
 * The Hebrew validation messages of docs/product.md §5. The server answers with them and the client forms show
 * them, so a rule and its wording live in one place.
 */
export const VALIDATION_MESSAGES = {
  emptyMessage: '* לא ניתן לשלוח הודעה ריקה',
  messageTooLong: '* לא ניתן לשלוח הודעה ארוכה מ-10000 תווים',
  emptySubject: '* לא ניתן לשלוח הודעה ללא נושא',
  subjectTooLong: '* הנושא יכול להכיל עד 40 תווים',
  searchQueryTooShort: 'יש להזין לפחות 3 תווים לחיפוש',
  invalidEmail: 'יש להזין כתובת אימייל תקינה',
  passwordTooShort: 'יש להזין סיסמה בת 8 תווים לפחות',
  reportTooShort: 'הדיווח חייב להכיל לפחות 5 תווים',
  usernameTooShort: 'שם המשתמש חייב להכיל לפחות 2 תווים',
  birthdateRequired: '*יש לבחור תאריך לידה',
  policyRequired: 'יש לקרוא את תנאי השימוש ולסמן את התיבה',
  urlTooLong: 'הקישור יכול להכיל עד 300 תווים',
  birthdateFormat: '*יש להזין תאריך תקין בתבנית dd/mm/yyyy',
  birthdateTooYoung: '*השימוש באתר מותר מגיל 13 ומעלה',
  searchQueryTooLong: 'ניתן לחפש עד 100 תווים',
  reportTooLong: 'הדיווח יכול להכיל עד 2000 תווים',
  usernameTooLong: 'שם המשתמש יכול להכיל עד 30 תווים',
  usernameInvalid: 'שם המשתמש יכול להכיל אותיות, ספרות, רווחים ואת הסימנים _ - .',
  passwordTooLong: 'הסיסמה יכולה להכיל עד 200 תווים',
} as const;
