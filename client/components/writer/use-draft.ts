import { useState } from 'react';
import { readDraft, saveDraft } from '../../lib/drafts';
import { useActor } from '../../session/auth-store';

/**
 * The member's draft at `place` (client/lib/drafts.ts): the text kept there, and `save` for each
 * change (an empty text forgets it). Without a place or a member it keeps nothing.
 */
export function useDraft(place: string | undefined): { kept: string; save: (text: string) => void } {
  const userId = useActor()?.id;
  // A stored token not yet confirmed is nobody (shared/policies.ts: id NaN): the draft is read when
  // the member is known, which can be after the writer opened.
  const member = userId !== undefined && !Number.isNaN(userId) ? userId : null;
  const kept = () => (member !== null && place !== undefined ? readDraft(member, place) : '');
  const [read, setRead] = useState(() => ({ member, kept: kept() }));
  if (read.member !== member) setRead({ member, kept: kept() });
  return {
    kept: read.kept,
    save: (text) => {
      if (member !== null && place !== undefined) saveDraft(member, place, text);
    },
  };
}
