"""Browser tests: Playwright drives the built site in Debian's headless Chromium (harness/)."""
