import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerConfirm, confirmOrCancel, OperationCancelledError } from './confirm';

const texts = {
  title: 'Logout',
  content: 'Confirm logout?',
  confirmText: 'Confirm',
  cancelText: 'Cancel',
};

test('Confirm resolves', async () => {
  const asked = confirmOrCancel(texts);
  answerConfirm(true);
  await asked;
});

test('spec §8: a cancelled confirmation rejects with the cancel-operation message', async () => {
  const asked = confirmOrCancel(texts);
  answerConfirm(false);
  await assert.rejects(asked, (error: unknown) => {
    assert.ok(error instanceof OperationCancelledError);
    assert.equal(error.message, 'Operation cancelled');
    assert.equal(error.messageKey, 'dialog.cancelled');
    return true;
  });
});

test('a confirmation replaced by another one counts as cancelled', async () => {
  const first = confirmOrCancel(texts);
  const second = confirmOrCancel({ ...texts, title: 'Confirm operation' });
  await assert.rejects(first, OperationCancelledError);
  answerConfirm(true);
  await second;
});
