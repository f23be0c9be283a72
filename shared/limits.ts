/** The numbers of docs/product.md §9, written once for the server schemas and the client forms alike. */
export const LIMITS = {
  pageSize: 7,
  sliderSlides: 3,
  sliderIntervalMs: 10_000,
  recommendationsDelayMs: 5_000,
  recommendationsMax: 5,
  messageMaxLength: 10_000,
  subjectMaxLength: 40,
  urlMaxLength: 300,
  searchQueryMinLength: 3,
  searchQueryMaxLength: 100,
  passwordMinLength: 8,
  passwordMaxLength: 200,
  emailMinLength: 3,
  emailMaxLength: 254,
  reportReasonMinLength: 5,
  reportReasonMaxLength: 2_000,
  usernameMinLength: 2,
  usernameMaxLength: 30,
  minimumAgeYears: 13,
  loginPanelCloseMs: 2_000,
  clickOutsideArmMs: 300,
  writerResetMs: 100,
  serviceWorkerDelayMs: 30_000,
  mobileBreakpointPx: 500,
  headerMaxWidthPx: 1000,
  termsBoxHeightPx: 210,
  emojiCount: 14,
  /** Distinct users one message may @mention. */
  mentionsMax: 10,
  /** Letters typed after @ before usernames are offered. */
  mentionLookupMinLength: 2,
  /** Topics one GET /api/reading/topics may ask about. */
  readingTopicsMax: 100,
  /** Unread messages of a topic are counted up to this many; a list shows "99+" beyond. */
  unreadCountCap: 100,
} as const;

/** The forum id the spec reserves for "all posts" (docs/product.md §3); -1, "search results", is never sent. */
export const ALL_POSTS_FORUM_ID = 0;
