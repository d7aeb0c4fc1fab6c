import { expect, test } from '../../support/fixtures';
import { demoLinks } from '../../support/demo';

test('§4 an invite whose family is empty redirects to /invite/request', async ({ flow }) => {
  const { page, L } = flow;
  const { inviteEmptyFamily } = await demoLinks();
  await page.goto(inviteEmptyFamily);
  await page.waitForURL('**/invite/request');
  await expect(page.getByRole('heading', { name: L.t('invite.request.title') })).toBeVisible();
  await flow.check('invite request');
});
