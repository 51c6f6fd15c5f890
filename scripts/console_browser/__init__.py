"""The console's browser tests, run by scripts/console-test through scripts/console-browser.py."""
