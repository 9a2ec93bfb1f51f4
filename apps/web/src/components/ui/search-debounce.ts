/** How long a search box waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
