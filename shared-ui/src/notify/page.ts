// Page-level navigation behind one object, so tests can observe a reload without jsdom
// navigating.
export const page = {
  reload(): void {
    window.location.reload();
  },
};
