import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';

test(
  'damaged files after a power cut: the app starts, says what it set aside, and the exam goes on',
  quick,
  async ({ launch }) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'exam-practice-e2e-torn-'));
    test.info().attach('dataDir', { body: dataDir });
    try {
      const first = await launch({ dataDir });
      const screen = ui(first.page);
      await screen.packs.importDemo.click();
      await expect(screen.library.count).toHaveAttribute('data-count', '44');
      await screen.nav('exams').click();
      await first.page.getByTestId('exam-preset').selectOption('');
      await first.page.getByTestId('exam-count').fill('5');
      await first.page.getByTestId('exam-seed').fill('7');
      await first.page.getByTestId('exam-start').click();
      await first.page.getByTestId('exam-choice-B').click();
      await expect(first.page.getByTestId('exam-choice-B')).toHaveAttribute('aria-pressed', 'true');
      await first.page.getByTestId('exam-next').click();
      await first.page.getByTestId('exam-choice-C').click();
      await expect(first.page.getByTestId('exam-choice-C')).toHaveAttribute('aria-pressed', 'true');
      await expect(first.page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
      await first.close();

      // A power cut: the attempt cut in half, the sync state and pack list emptied.
      const attempt = (await readdir(join(dataDir, 'attempts'))).find((n) => /^[0-9a-f-]{36}\.json$/.test(n)) ?? '';
      await truncate(join(dataDir, 'attempts', attempt), 40);
      await writeFile(join(dataDir, 'packs.json'), '');

      const second = await launch({ dataDir });
      const again = ui(second.page);
      await expect(again.storage.notices).toBeVisible();
      await expect(again.storage.notice).toHaveCount(2);
      await expect(again.storage.notices.locator('[data-kind="attempt"]')).toHaveAttribute('data-restored', 'true');
      await expect(again.storage.notices.locator('[data-kind="pack-registry"]')).toHaveAttribute(
        'data-restored',
        'false',
      );
      // The exam resumed from its last good copy, with the first answer; the pack's questions are still there.
      await expect(second.page.getByTestId('exam-screen')).toBeVisible();
      await second.page.getByTestId('exam-grid-1').click();
      await expect(second.page.getByTestId('exam-choice-B')).toHaveAttribute('aria-pressed', 'true');
      await again.storage.dismiss.click();
      await expect(again.storage.notices).toBeHidden();
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
