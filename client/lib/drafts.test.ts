// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_KEPT_MS, editDraftPlace, forgetAllDrafts, readDraft, saveDraft } from './drafts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('drafts', () => {
  it('keep a text per member and place, and forget it when emptied', () => {
    saveDraft(7, 'reply:42', '<p>כמעט גמרתי</p>');
    saveDraft(7, 'reply:43', '<p>אחרת</p>');
    expect(readDraft(7, 'reply:42')).toBe('<p>כמעט גמרתי</p>');
    expect(readDraft(7, 'reply:43')).toBe('<p>אחרת</p>');
    // Another member on the same browser sees none of it.
    expect(readDraft(8, 'reply:42')).toBe('');
    saveDraft(7, 'reply:42', '');
    expect(readDraft(7, 'reply:42')).toBe('');
    expect(localStorage.length).toBe(1);
  });

  it('offer a draft for thirty days, then drop it', () => {
    saveDraft(7, 'topic:3', 'נושא', 1_000);
    expect(readDraft(7, 'topic:3', 1_000 + DRAFT_KEPT_MS)).toBe('נושא');
    expect(readDraft(7, 'topic:3', 1_001 + DRAFT_KEPT_MS)).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('read nothing from a damaged entry, and live without storage', () => {
    localStorage.setItem('draft:7:reply:1', '{not json');
    expect(readDraft(7, 'reply:1')).toBe('');
    localStorage.setItem('draft:7:reply:2', JSON.stringify({ text: 5, savedAt: Date.now() }));
    expect(readDraft(7, 'reply:2')).toBe('');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft(7, 'reply:3', 'טקסט')).not.toThrow();
  });

  it('are all forgotten at once, and nothing else with them', () => {
    saveDraft(7, 'reply:1', 'א');
    saveDraft(8, 'topic-subject:2', 'ב');
    localStorage.setItem('authToken', 'token');
    forgetAllDrafts();
    expect(readDraft(7, 'reply:1')).toBe('');
    expect(readDraft(8, 'topic-subject:2')).toBe('');
    expect(localStorage.getItem('authToken')).toBe('token');
  });

  it('place an edit by its message and the text it started from', () => {
    const place = editDraftPlace(12, '<p>הנוסח הישן</p>');
    expect(place).toMatch(/^edit:12:[0-9a-z]+$/);
    expect(editDraftPlace(12, '<p>הנוסח הישן</p>')).toBe(place);
    expect(editDraftPlace(12, '<p>הנוסח החדש</p>')).not.toBe(place);
    expect(editDraftPlace(13, '<p>הנוסח הישן</p>')).not.toBe(place);
  });
});
