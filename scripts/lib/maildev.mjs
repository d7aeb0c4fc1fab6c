// maildev 3 (a root devDependency): the local e-mail catcher of `pnpm start` and `pnpm dev`. join-api's outbox worker
// delivers every e-mail (co-parent invitations, receipts) to its SMTP server; its web UI and REST API
// (`GET /api/email`) show what was sent. Nothing leaves the machine.
import path from 'node:path';
import { root, service } from './processes.mjs';

export const MAILDEV_SMTP_PORT = process.env.MAILDEV_SMTP_PORT ?? '3026';
export const MAILDEV_WEB_PORT = process.env.MAILDEV_WEB_PORT ?? '3025';
/** The catcher's web UI (maildev serves its UI at /index.html and its REST API under /api). */
export const maildevUrl = `http://localhost:${MAILDEV_WEB_PORT}`;

/** Starts maildev on 127.0.0.1 (SMTP MAILDEV_SMTP_PORT, web + REST MAILDEV_WEB_PORT), mails kept in .data/maildev. */
export function startMaildev() {
  return service(
    'maildev',
    process.execPath,
    [
      path.join(root, 'node_modules/maildev/dist/bin/maildev.js'),
      '--smtp',
      MAILDEV_SMTP_PORT,
      '--ip',
      '127.0.0.1',
      '--web',
      MAILDEV_WEB_PORT,
      '--web-ip',
      '127.0.0.1',
      '--mail-directory',
      path.join(root, '.data/maildev'),
    ],
    {},
  );
}

/** join-api's SMTP_URL for the catcher (a caller's own SMTP_URL wins). */
export const maildevSmtpUrl = process.env.SMTP_URL ?? `smtp://127.0.0.1:${MAILDEV_SMTP_PORT}`;
