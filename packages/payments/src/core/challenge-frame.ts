/**
 * The product's 3D Secure challenge frame (§2): a 440 px modal (default) or a 400×400 inline frame, closable by
 * Escape, a backdrop click and the close button — each of which cancels. A short interstitial says what is about to
 * happen before the bank's page loads. Plain DOM, so both drivers (and any framework) can use it.
 */
import { paymentMessages } from './messages.js';
import type { ChallengeLabels, ChallengePresentation } from './types.js';

/** The English (en-US) labels of the challenge frame, from `paymentMessages`; pass translated ones instead. */
export const DEFAULT_CHALLENGE_LABELS: ChallengeLabels = {
  title: paymentMessages['payments.threeDSecure.title'].defaultMessage,
  interstitial: paymentMessages['payments.threeDSecure.interstitial'].defaultMessage,
  close: paymentMessages['payments.threeDSecure.close'].defaultMessage,
};

/** §9 "3D Secure frame 400x400; bootstrap modal 440px": width and height of the challenge iframe, in px. */
export const CHALLENGE_FRAME_SIZE = 400;
/** Width of the challenge modal in px (§2 "440px wide modal", §9). */
export const CHALLENGE_MODAL_WIDTH = 440;

/** A challenge frame shown by {@link showChallengeFrame}. */
export interface ChallengeFrame {
  /** The element that holds the bank's page: an iframe the frame created, or the one passed to `show`. */
  frame: HTMLIFrameElement;
  /** Removes the frame (no cancel callback). */
  close(): void;
}

let counter = 0;

/**
 * Shows the challenge (§2, §4 "3D Secure flow"). `source` is a URL to load (sandbox) or an iframe element
 * braintree-web created. `onCancel` runs once when the customer closes it (Escape, backdrop, close button); the
 * backdrop closes only the modal variant. The modal is appended to `document.body`, the inline frame to
 * `presentation.container`; focus returns to the previously focused element on close.
 * @throws Error "An inline 3D Secure challenge needs presentation.container." for `variant: 'inline'` without a
 *   container.
 */
export function showChallengeFrame(
  source: string | HTMLIFrameElement,
  presentation: ChallengePresentation = {},
  onCancel: () => void,
): ChallengeFrame {
  const labels = { ...DEFAULT_CHALLENGE_LABELS, ...presentation.labels };
  const inline = presentation.variant === 'inline';
  if (inline && !presentation.container) throw new Error('An inline 3D Secure challenge needs presentation.container.');
  const id = `ofw-3ds-${++counter}`;
  const previousFocus = document.activeElement as HTMLElement | null;

  const root = document.createElement('div');
  root.className = inline ? 'ofw-3ds-inline' : 'ofw-3ds-backdrop';
  if (!inline) {
    root.style.cssText =
      'position:fixed;inset:0;z-index:20001;background:rgba(0,0,0,0.7);display:flex;align-items:center;justify-content:center;';
  }
  const dialog = document.createElement('div');
  dialog.className = 'ofw-3ds-dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', inline ? 'false' : 'true');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.tabIndex = -1;
  dialog.style.cssText = `box-sizing:border-box;background:#fff;color:#1f2933;border-radius:${inline ? 0 : 8}px;width:${inline ? CHALLENGE_FRAME_SIZE : CHALLENGE_MODAL_WIDTH}px;max-width:100%;padding:${inline ? 0 : 20}px;position:relative;`;

  const { header, closeButton } = dialogHeader(id, labels);

  const interstitial = document.createElement('p');
  interstitial.setAttribute('role', 'status');
  interstitial.className = 'ofw-3ds-interstitial';
  interstitial.textContent = labels.interstitial;

  const frame = typeof source === 'string' ? document.createElement('iframe') : source;
  frame.title = labels.title;
  frame.style.cssText = `border:0;width:100%;max-width:${CHALLENGE_FRAME_SIZE}px;height:${CHALLENGE_FRAME_SIZE}px;display:none;`;
  dialog.append(header, interstitial, frame);
  root.appendChild(dialog);
  (inline ? presentation.container! : document.body).appendChild(root);
  dialog.focus();

  const reveal = setTimeout(() => {
    if (typeof source === 'string') frame.src = source;
    frame.style.display = 'block';
    interstitial.style.display = 'none';
  }, presentation.interstitialMs ?? 1200);

  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    clearTimeout(reveal);
    document.removeEventListener('keydown', onKeyDown, true);
    root.remove();
    if (previousFocus && typeof previousFocus.focus === 'function' && document.contains(previousFocus))
      previousFocus.focus();
  };
  const cancel = () => {
    if (!open) return;
    close();
    onCancel();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };
  document.addEventListener('keydown', onKeyDown, true);
  closeButton.addEventListener('click', cancel);
  if (!inline) {
    root.addEventListener('click', (event) => {
      if (event.target === root) cancel();
    });
  }
  return { frame, close };
}

/** The dialog's header: its title (`labels.title`, the dialog's accessible name) and the close button. */
function dialogHeader(id: string, labels: ChallengeLabels): { header: HTMLDivElement; closeButton: HTMLButtonElement } {
  const header = document.createElement('div');
  header.style.cssText = 'display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:8px;';
  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.textContent = labels.title;
  title.style.cssText = 'font-size:1.1rem;margin:0;';
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'ofw-3ds-close';
  closeButton.setAttribute('aria-label', labels.close);
  closeButton.textContent = '×';
  closeButton.style.cssText =
    'font-size:1.5rem;line-height:1;background:none;border:0;cursor:pointer;padding:4px 8px;min-width:44px;min-height:44px;';
  header.append(title, closeButton);
  return { header, closeButton };
}
