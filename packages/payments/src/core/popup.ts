import { PaymentsError } from './errors.js';

/** §9 "Popup close polling every 100 ms". */
export const POPUP_POLL_MS = 100;

export interface PopupSize {
  width: number;
  height: number;
}

/** §9 popup sizes, in px: default 450×535, Venmo 400×570. */
export const POPUP_SIZES = { default: { width: 450, height: 535 }, venmo: { width: 400, height: 570 } } as const;

/**
 * Opens a centred popup. Call it synchronously inside the click handler, or browsers block it.
 * @throws PaymentsError FRAME_SERVICE_FRAME_OPEN_FAILED when the browser blocked the popup.
 */
export function openPopup(url: string, name: string, size: PopupSize): Window {
  const left = Math.max(0, Math.round((window.screenX ?? 0) + ((window.outerWidth ?? size.width) - size.width) / 2));
  const top = Math.max(0, Math.round((window.screenY ?? 0) + ((window.outerHeight ?? size.height) - size.height) / 2));
  const popup = window.open(
    url,
    name,
    `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top},resizable=yes,scrollbars=yes`,
  );
  if (!popup) throw new PaymentsError('FRAME_SERVICE_FRAME_OPEN_FAILED', 'MERCHANT', 'Frame failed to open.');
  return popup;
}

/**
 * Waits for the popup's message (from `origin`, sent by the popup itself) and treats a closed popup as a cancel.
 * Resolves with the message data; `onClosed` builds the cancel error.
 */
export function awaitPopupMessage<T>(
  popup: Window,
  origin: string,
  accept: (data: unknown) => data is T,
  onClosed: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
    };
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (event.origin !== origin || event.source !== popup || !accept(data)) return;
      cleanup();
      resolve(data);
    };
    const poll = setInterval(() => {
      if (popup.closed) {
        // let a message posted just before closing arrive first
        setTimeout(() => {
          cleanup();
          reject(onClosed());
        }, POPUP_POLL_MS);
        clearInterval(poll);
      }
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
