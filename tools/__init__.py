"""Developer tools run from a checkout: build, serve, icons, examples, cover measurements."""
