import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BUSY_FORUM_ID, MARKUP_TOPIC, topicIdBySubject } from './fixtures';

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('no serious violation on home, forum, topic and policy', async ({ page, request }) => {
      const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
      for (const [path, ready] of [
        ['/', '.post-card'],
        [`/forum/${BUSY_FORUM_ID}`, '.post-card'],
        [`/topic/${topicId}`, 'pre code.hljs'],
        ['/policy', '.policy'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
        expect(serious).toEqual([]);
      }
    });
  });
}
