import { expect, test } from '../../support/fixtures';
import { detailsStep, newParent, openJoin } from '../../support/join';

/*
 * docs/QUALITY.md "works at 360 px wide": on a phone the plans come before the FAQ — the first price is above the first
 * FAQ question on the page (and so in reading and keyboard order), whatever experiment arm the parent is in (spec §9
 * experiments change nothing a parent sees). Checked on a 360 px touch phone and at 1280 px.
 */
for (const width of [360, 1280] as const) {
  test.describe(`${width} px`, () => {
    test.use(width === 360 ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : {});

    test(`the first price is above the first FAQ question (${width} px)`, async ({ flow }) => {
      const { page } = flow;
      await openJoin(flow);
      await detailsStep(flow, newParent(`layout${width}`));
      const firstPrice = page.locator('.ofw-package').first();
      await expect(firstPrice).toBeVisible();
      const firstQuestion = page.locator('.ofw-faq__question').first();
      await expect(firstQuestion).toBeAttached();
      const price = (await firstPrice.boundingBox())!;
      const question = (await firstQuestion.boundingBox())!;
      expect(price.y + price.height, 'the whole first plan ends above the first FAQ question').toBeLessThanOrEqual(
        question.y,
      );
      // keyboard order: Tab from the year switch reaches a plan's Select before any FAQ question
      const order = await page.evaluate(() => {
        const all = Array.from(document.querySelectorAll('button, [href], input, select'));
        const select = all.findIndex((e) => e.classList.contains('ofw-package__select'));
        const faq = all.findIndex((e) => e.closest('.ofw-faq'));
        return { select, faq };
      });
      expect(order.select).toBeLessThan(order.faq);
      await flow.check(`package choice at ${width} px`);
    });
  });
}
