import { describe, expect, it } from 'vitest';
import { topicPolicy } from './topics.policy';

const guest = null;
const user = { id: 1, is_admin: 0 };
const admin = { id: 2, is_admin: 1 };

describe('topicPolicy', () => {
  it('lets any logged-in user create a topic, not a guest', () => {
    expect([guest, user, admin].map(topicPolicy.create)).toEqual([false, true, true]);
  });

  it.each(['delete', 'move', 'editSubject', 'refreshImage'] as const)('keeps %s for admins', (action) => {
    expect([guest, user, admin].map(topicPolicy[action])).toEqual([false, false, true]);
  });
});
