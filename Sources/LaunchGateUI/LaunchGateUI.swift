// Apple-only adapters follow.
