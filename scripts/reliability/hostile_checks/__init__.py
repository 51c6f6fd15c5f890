"""The checks of scripts/reliability/hostile, one module per family; hostile.py runs them in order."""
