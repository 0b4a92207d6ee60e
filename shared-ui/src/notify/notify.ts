// Every alert and confirmation of the product goes through here. Today they are the browser's
// alert/confirm, as the spec says; this is the one place to swap in dialogs later.

/** Shows a message to the user and waits for acknowledgement. */
export function notify(message: string): void {
  window.alert(message);
}

/** Asks the user to confirm; resolves true when they accept. */
export function confirm(message: string): boolean {
  return window.confirm(message);
}
